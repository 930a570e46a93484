import { paiseToDecimal } from '../contract/money-text.js';

/**
 * A date range of the firm's books as Tally XML (docs/decisions/406): one `ENVELOPE` with an
 * `IMPORTDATA` request, the ledgers first (each client a party ledger under Sundry Debtors, and
 * the sales, output GST, bank and TDS receivable ledgers), then a voucher per sales invoice,
 * credit note and receipt. Pure; written as text chunks from async iterables, so a year of
 * vouchers is never held whole.
 *
 * Tally's sign convention: a debit is `ISDEEMEDPOSITIVE` Yes with a negative `AMOUNT`, a credit
 * `ISDEEMEDPOSITIVE` No with a positive one; a voucher is balanced when its amounts add up to 0.
 * `voucherEntries` returns debits as positive paise, and every voucher is checked to balance
 * before it is written (a voucher that does not is a bug, and the export stops).
 *
 * - Sales: Dr party (total); Cr sales (taxable), Cr Output CGST, SGST or IGST.
 * - Credit note: the reverse, against the invoice's bill.
 * - Receipt: Dr bank (or cash) what arrived, Dr TDS receivable what the client deducted, Cr party
 *   the sum: the invoice is settled by both, and the TDS is claimed against Form 26AS.
 */

export type TallyLedgers = { sales: string; cgst: string; sgst: string; igst: string; bank: string; cash: string; tdsReceivable: string; roundOff: string };

export const DEFAULT_LEDGERS: TallyLedgers = {
  sales: 'Professional Fees',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  bank: 'Bank Account',
  // Tally makes a Cash ledger in every company: it is used, never created.
  cash: 'Cash',
  tdsReceivable: 'TDS Receivable',
  roundOff: 'Round Off',
};

export type TallyParty = { name: string; gstin: string; state: string; address: string };

export type TallyDocument = {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** yyyy-mm-dd. */
  date: string;
  party: TallyParty;
  /** The invoice a credit note reduces (its bill). */
  against: string | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Paise that brought the total to the rupee (decision 408): credited (or debited) to Round Off. */
  roundOff: number;
  total: number;
  narration: string;
};

export type TallyReceipt = {
  kind: 'receipt';
  number: string;
  date: string;
  party: TallyParty;
  invoiceNumber: string;
  /** What arrived in the bank (or the cash box), paise. */
  amount: number;
  /** What the client deducted as TDS and will deposit for the firm (0 when none). */
  tds: number;
  method: string;
  reference: string;
};

export type TallyVoucher = TallyDocument | TallyReceipt;

/** One ledger line: `amount` in paise, a debit positive; `bill` is the invoice it settles or raises. */
export type TallyEntry = { ledger: string; amount: number; party: boolean; bill: { name: string; type: 'New Ref' | 'Agst Ref' } | null };

export const VOUCHER_TYPES = { invoice: 'Sales', 'credit-note': 'Credit Note', receipt: 'Receipt' } as const;

/** The ledger lines of a voucher, debits first. */
export function voucherEntries(v: TallyVoucher, ledgers: TallyLedgers = DEFAULT_LEDGERS): TallyEntry[] {
  if (v.kind === 'receipt') {
    const entries: TallyEntry[] = [{ ledger: v.method === 'cash' ? ledgers.cash : ledgers.bank, amount: v.amount, party: false, bill: null }];
    if (v.tds > 0) entries.push({ ledger: ledgers.tdsReceivable, amount: v.tds, party: false, bill: null });
    entries.push({ ledger: v.party.name, amount: -(v.amount + v.tds), party: true, bill: { name: v.invoiceNumber, type: 'Agst Ref' } });
    return entries;
  }
  const sign = v.kind === 'invoice' ? 1 : -1;
  const party: TallyEntry = { ledger: v.party.name, amount: sign * v.total, party: true, bill: v.kind === 'invoice' ? { name: v.number, type: 'New Ref' } : { name: v.against ?? v.number, type: 'Agst Ref' } };
  const others: TallyEntry[] = [
    { ledger: ledgers.sales, amount: -sign * v.taxable, party: false, bill: null },
    { ledger: ledgers.cgst, amount: -sign * v.cgst, party: false, bill: null },
    { ledger: ledgers.sgst, amount: -sign * v.sgst, party: false, bill: null },
    { ledger: ledgers.igst, amount: -sign * v.igst, party: false, bill: null },
    { ledger: ledgers.roundOff, amount: -sign * v.roundOff, party: false, bill: null },
  ].filter((e) => e.amount !== 0);
  return sign > 0 ? [party, ...others] : [...others, party];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text for an XML element or attribute; characters XML 1.0 cannot hold are dropped. */
// eslint-disable-next-line no-control-regex
export const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/** yyyy-mm-dd → yyyymmdd. */
export const tallyDate = (iso: string) => iso.replaceAll('-', '');

/** A debit as Tally writes it: "-118.00"; a credit "118.00". */
const tallyAmount = (debitPositive: number) => paiseToDecimal(-debitPositive);

function entryXml(e: TallyEntry): string {
  const deemedPositive = e.amount > 0 ? 'Yes' : 'No';
  const amount = tallyAmount(e.amount);
  const bill = e.bill ? `<BILLALLOCATIONS.LIST>${tag('NAME', e.bill.name)}${tag('BILLTYPE', e.bill.type)}${tag('AMOUNT', amount)}</BILLALLOCATIONS.LIST>` : '';
  return `<ALLLEDGERENTRIES.LIST>${tag('LEDGERNAME', e.ledger)}${tag('ISDEEMEDPOSITIVE', deemedPositive)}${tag('ISPARTYLEDGER', e.party ? 'Yes' : 'No')}${tag('AMOUNT', amount)}${bill}</ALLLEDGERENTRIES.LIST>`;
}

function narrationOf(v: TallyVoucher): string {
  if (v.kind !== 'receipt') return v.narration;
  const tds = v.tds > 0 ? `; TDS deducted ${paiseToDecimal(v.tds)}` : '';
  return `Receipt ${v.number} against ${v.invoiceNumber} by ${v.method}${v.reference ? ` (${v.reference})` : ''}${tds}`;
}

export function voucherXml(v: TallyVoucher, ledgers: TallyLedgers = DEFAULT_LEDGERS): string {
  const entries = voucherEntries(v, ledgers);
  const sum = entries.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0) throw new Error(`Tally voucher ${v.number} does not balance (${sum} paise)`);
  const type = VOUCHER_TYPES[v.kind];
  const gst = v.kind === 'receipt' ? '' : `${v.party.gstin ? tag('PARTYGSTIN', v.party.gstin) : ''}${v.party.state ? tag('PLACEOFSUPPLY', v.party.state) : ''}`;
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="${type}" ACTION="Create" OBJVIEW="Accounting Voucher View">` +
    `${tag('DATE', tallyDate(v.date))}${tag('VOUCHERTYPENAME', type)}${tag('VOUCHERNUMBER', v.number)}${tag('PARTYLEDGERNAME', v.party.name)}${gst}` +
    `${tag('PERSISTEDVIEW', 'Accounting Voucher View')}${tag('NARRATION', narrationOf(v))}${entries.map(entryXml).join('')}</VOUCHER></TALLYMESSAGE>`
  );
}

const ledgerXml = (name: string, parent: string, extra = '') => `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${xmlText(name)}" ACTION="Create">${tag('NAME', name)}${tag('PARENT', parent)}${extra}</LEDGER></TALLYMESSAGE>`;

/** A client's ledger, created on import: bill-wise, with its GST registration. */
export function partyLedgerXml(p: TallyParty): string {
  const gst = `${tag('GSTREGISTRATIONTYPE', p.gstin ? 'Regular' : 'Unregistered/Consumer')}${p.gstin ? tag('PARTYGSTIN', p.gstin) : ''}${p.state ? tag('LEDSTATENAME', p.state) : ''}${tag('COUNTRYOFRESIDENCE', p.state ? 'India' : '')}`;
  const address = p.address ? `<ADDRESS.LIST TYPE="String">${p.address.split(/\r?\n/).filter(Boolean).map((l) => tag('ADDRESS', l)).join('')}</ADDRESS.LIST>` : '';
  return ledgerXml(p.name, 'Sundry Debtors', `${tag('ISBILLWISEON', 'Yes')}${address}${gst}`);
}

/** The firm's own ledgers the vouchers use (Cash is Tally's own). */
export function bookLedgersXml(ledgers: TallyLedgers = DEFAULT_LEDGERS): string {
  const duty = (head: string) => `${tag('TAXTYPE', 'GST')}${tag('GSTDUTYHEAD', head)}`;
  return [
    ledgerXml(ledgers.sales, 'Sales Accounts'),
    ledgerXml(ledgers.cgst, 'Duties & Taxes', duty('Central Tax')),
    ledgerXml(ledgers.sgst, 'Duties & Taxes', duty('State Tax')),
    ledgerXml(ledgers.igst, 'Duties & Taxes', duty('Integrated Tax')),
    ledgerXml(ledgers.bank, 'Bank Accounts'),
    ledgerXml(ledgers.tdsReceivable, 'Loans & Advances (Asset)'),
    ledgerXml(ledgers.roundOff, 'Indirect Expenses'),
  ].join('');
}

/** The whole file as text chunks: ledgers, then every voucher as it comes. */
export async function* tallyXml(companyName: string, parties: AsyncIterable<TallyParty>, vouchers: AsyncIterable<TallyVoucher>, ledgers: TallyLedgers = DEFAULT_LEDGERS): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>';
  yield `<STATICVARIABLES>${companyName ? tag('SVCURRENTCOMPANY', companyName) : ''}</STATICVARIABLES></REQUESTDESC><REQUESTDATA>`;
  yield bookLedgersXml(ledgers);
  for await (const party of parties) yield partyLedgerXml(party);
  for await (const voucher of vouchers) yield voucherXml(voucher, ledgers);
  yield '</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>\n';
}
