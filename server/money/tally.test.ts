import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../tests/helpers/parse-csv';
import { textOf } from './gstr1';
import { tallyXml, voucherEntries, type TallyParty, type TallyVoucher } from './tally';
import { zohoCustomersCsv, zohoInvoicesCsv, type ZohoInvoice } from './zoho';

/** The Tally and Zoho Books exports read back as Tally and a spreadsheet would (docs/decisions/406). */

async function* each<T>(items: readonly T[]) {
  yield* items;
}

const ACME: TallyParty = { name: 'Acme Interiors & Co', gstin: '29AABCT1332L1ZU', state: 'Karnataka', address: '12 MG Road\nBengaluru' };
const MEHTA: TallyParty = { name: 'R. Mehta', gstin: '', state: 'Maharashtra', address: 'Pune' };

const VOUCHERS: TallyVoucher[] = [
  // Inter-state: ₹50,000.00 + IGST ₹9,000.00.
  { kind: 'invoice', number: 'INV/2026-27/0001', date: '2026-11-05', party: ACME, against: null, taxable: 50_000_00, cgst: 0, sgst: 0, igst: 9_000_00, roundOff: 0, total: 59_000_00, narration: 'Design fee' },
  // Same state: ₹75,000.50 + CGST ₹6,750.05 + SGST ₹6,750.04 = ₹88,500.59, rounded to the rupee by +₹0.41 (decision 408).
  { kind: 'invoice', number: 'INV/2026-27/0002', date: '2026-11-06', party: MEHTA, against: null, taxable: 75_000_50, cgst: 6_750_05, sgst: 6_750_04, igst: 0, roundOff: 41, total: 88_501_00, narration: 'Interior design' },
  { kind: 'credit-note', number: 'CN/2026-27/0001', date: '2026-11-07', party: MEHTA, against: 'INV/2026-27/0002', taxable: 1_000_00, cgst: 90_00, sgst: 90_00, igst: 0, roundOff: 0, total: 1_180_00, narration: 'Discount' },
  // ₹59,000.00 settled: ₹54,000.00 arrived, ₹5,000.00 (10 % of the fee) deducted as TDS.
  { kind: 'receipt', number: 'RCPT/2026-27/0001', date: '2026-11-20', party: ACME, invoiceNumber: 'INV/2026-27/0001', amount: 54_000_00, tds: 5_000_00, method: 'bank_transfer', reference: 'UTR123' },
  { kind: 'receipt', number: 'RCPT/2026-27/0002', date: '2026-11-21', party: MEHTA, invoiceNumber: 'INV/2026-27/0002', amount: 87_320_59, tds: 0, method: 'cash', reference: '' },
];

type Entry = { LEDGERNAME: string; ISDEEMEDPOSITIVE: string; ISPARTYLEDGER: string; AMOUNT: string; 'BILLALLOCATIONS.LIST'?: { NAME: string; BILLTYPE: string; AMOUNT: string } };
type Voucher = { '@_VCHTYPE': string; DATE: string; VOUCHERNUMBER: string; PARTYLEDGERNAME: string; 'ALLLEDGERENTRIES.LIST': Entry[] };
type Message = { VOUCHER?: Voucher; LEDGER?: { '@_NAME': string; PARENT: string; PARTYGSTIN?: string; GSTREGISTRATIONTYPE?: string } };

async function parsed() {
  const xml = await textOf(tallyXml('Studio Firm', each([ACME, MEHTA]), each(VOUCHERS)));
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST' }).parse(xml) as {
    ENVELOPE: { HEADER: { TALLYREQUEST: string }; BODY: { IMPORTDATA: { REQUESTDESC: { REPORTNAME: string }; REQUESTDATA: { TALLYMESSAGE: Message[] } } } };
  };
  return { xml, doc, messages: doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE };
}

/** Paise of a Tally amount, read as text (never through a float). */
const paise = (amount: string) => {
  const [whole, frac] = amount.replace('-', '').split('.');
  return (amount.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(frac));
};

describe('Tally XML', () => {
  it('is an import request with the ledgers before the vouchers', async () => {
    const { doc, messages } = await parsed();
    expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
    expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe('Vouchers');
    const ledgers = messages.filter((m) => m.LEDGER).map((m) => m.LEDGER!);
    expect(ledgers.map((l) => [l['@_NAME'], l.PARENT])).toEqual([
      ['Professional Fees', 'Sales Accounts'],
      ['Output CGST', 'Duties & Taxes'],
      ['Output SGST', 'Duties & Taxes'],
      ['Output IGST', 'Duties & Taxes'],
      ['Bank Account', 'Bank Accounts'],
      ['TDS Receivable', 'Loans & Advances (Asset)'],
      ['Round Off', 'Indirect Expenses'],
      ['Acme Interiors & Co', 'Sundry Debtors'],
      ['R. Mehta', 'Sundry Debtors'],
    ]);
    expect(ledgers[7]).toMatchObject({ PARTYGSTIN: '29AABCT1332L1ZU', GSTREGISTRATIONTYPE: 'Regular' });
    const firstVoucher = messages.findIndex((m) => m.VOUCHER);
    expect(messages.slice(firstVoucher).every((m) => m.VOUCHER)).toBe(true);
  });

  it('balances every voucher, debits negative and deemed positive', async () => {
    const { messages } = await parsed();
    const vouchers = messages.filter((m) => m.VOUCHER).map((m) => m.VOUCHER!);
    expect(vouchers.map((v) => [v['@_VCHTYPE'], v.DATE, v.VOUCHERNUMBER])).toEqual([
      ['Sales', '20261105', 'INV/2026-27/0001'],
      ['Sales', '20261106', 'INV/2026-27/0002'],
      ['Credit Note', '20261107', 'CN/2026-27/0001'],
      ['Receipt', '20261120', 'RCPT/2026-27/0001'],
      ['Receipt', '20261121', 'RCPT/2026-27/0002'],
    ]);
    for (const v of vouchers) {
      const entries = v['ALLLEDGERENTRIES.LIST'];
      expect(entries.reduce((s, e) => s + paise(e.AMOUNT), 0), v.VOUCHERNUMBER).toBe(0);
      for (const e of entries) expect(e.ISDEEMEDPOSITIVE).toBe(paise(e.AMOUNT) < 0 ? 'Yes' : 'No');
    }
    const byLedger = (v: Voucher) => Object.fromEntries(v['ALLLEDGERENTRIES.LIST'].map((e) => [e.LEDGERNAME, e.AMOUNT]));
    expect(byLedger(vouchers[0]!)).toEqual({ 'Acme Interiors & Co': '-59000.00', 'Professional Fees': '50000.00', 'Output IGST': '9000.00' });
    // The round-off (decision 408) is credited to its own ledger, so the voucher still balances.
    expect(byLedger(vouchers[1]!)).toEqual({ 'R. Mehta': '-88501.00', 'Professional Fees': '75000.50', 'Output CGST': '6750.05', 'Output SGST': '6750.04', 'Round Off': '0.41' });
    expect(byLedger(vouchers[2]!)).toEqual({ 'Professional Fees': '-1000.00', 'Output CGST': '-90.00', 'Output SGST': '-90.00', 'R. Mehta': '1180.00' });
    // The receipt splits into what arrived and the TDS the client deducted; the party is credited the sum.
    expect(byLedger(vouchers[3]!)).toEqual({ 'Bank Account': '-54000.00', 'TDS Receivable': '-5000.00', 'Acme Interiors & Co': '59000.00' });
    expect(byLedger(vouchers[4]!)).toEqual({ Cash: '-87320.59', 'R. Mehta': '87320.59' });
    expect(vouchers[3]!['ALLLEDGERENTRIES.LIST'][2]!['BILLALLOCATIONS.LIST']).toEqual({ NAME: 'INV/2026-27/0001', BILLTYPE: 'Agst Ref', AMOUNT: '59000.00' });
    expect(vouchers[0]!['ALLLEDGERENTRIES.LIST'][0]!['BILLALLOCATIONS.LIST']).toMatchObject({ NAME: 'INV/2026-27/0001', BILLTYPE: 'New Ref' });
  });

  it('refuses a voucher that does not balance', async () => {
    const first = VOUCHERS[0]!;
    if (first.kind !== 'invoice') throw new Error('the first voucher is an invoice');
    const wrong: TallyVoucher = { ...first, total: 59_000_01 };
    expect(voucherEntries(wrong).reduce((s, e) => s + e.amount, 0)).toBe(1);
    await expect(textOf(tallyXml('', each([]), each([wrong])))).rejects.toThrow(/does not balance/);
  });

  it('escapes what XML would read as markup', async () => {
    const { xml } = await parsed();
    expect(xml).toContain('<LEDGERNAME>Acme Interiors &amp; Co</LEDGERNAME>');
  });
});

describe('Zoho Books CSV', () => {
  it('lists customers with their GST treatment, GSTIN and place of supply', async () => {
    const rows = csvRecords(await textOf(zohoCustomersCsv(each([ACME, MEHTA, { name: 'Overseas Ltd', gstin: '', state: '', address: 'London' }]))));
    expect(rows.map((r) => [r['Display Name'], r['GST Treatment'], r['GST Identification Number (GSTIN)'], r['Place of Supply']])).toEqual([
      ['Acme Interiors & Co', 'business_registered_regular', '29AABCT1332L1ZU', 'KA'],
      ['R. Mehta', 'consumer', '', 'MH'],
      ['Overseas Ltd', 'overseas', '', ''],
    ]);
  });

  it('writes a row per invoice line whose amounts add up to the invoice', async () => {
    const invoice: ZohoInvoice = {
      number: 'INV/2026-27/0001',
      date: '2026-11-05',
      dueDate: '2026-11-20',
      void: false,
      party: ACME,
      placeOfSupply: 'Karnataka',
      supply: 'inter',
      notes: '=cmd',
      lines: [
        { description: 'Architecture fee', hsnSac: '998322', quantityMilli: 1000, unitPrice: 50_000_00, discount: 0, rateBp: 1800, taxable: 50_000_00, tax: 9_000_00, total: 59_000_00 },
        { description: 'Chair', hsnSac: '9403', quantityMilli: 3000, unitPrice: 10_000_00, discount: 1_000_00, rateBp: 1200, taxable: 29_000_00, tax: 3_480_00, total: 32_480_00 },
      ],
    };
    const rows = csvRecords(await textOf(zohoInvoicesCsv(each([invoice]))));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ 'Invoice Number': 'INV/2026-27/0001', 'Invoice Status': 'Sent', 'GST Treatment': 'business_registered_regular', 'Place of Supply': 'KA', 'Item Tax': 'IGST18', 'Item Tax %': '18', 'HSN/SAC': '998322' });
    expect(rows[1]).toMatchObject({ Quantity: '3', 'Item Price': '10000.00', 'Discount Amount': '1000.00', 'Item Tax': 'IGST12', 'Item Total': '29000.00', Notes: "'=cmd" });
    const sum = rows.reduce((s, r) => s + paise(r['Item Total']!) + paise(r['Item Tax Amount']!), 0);
    expect(sum).toBe(59_000_00 + 32_480_00);
  });
});
