import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../../tests/helpers/parse-csv';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import type { Gstr1SummaryReply } from '../../contract/accounting-exports';
import { isoDay } from '../../contract/dates';
import type { Invoice } from '../../contract/invoices';
import { invoiceLines as lineTable, invoices as invoiceTable } from '../../db/schema';
import { newId } from '../../db/ids';
import { EXPORT_PAGE } from '../../queries/accounting-exports';
import { createSession } from '../../queries/sessions';
import type { UserRow } from '../../queries/users';
import { createFirm } from '../../seed/factories';
import { createBillingProfile, demoGstin } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';

/**
 * The accounting exports through the api (docs/decisions/405, 406): documents issued, paid,
 * credited and voided through the invoice endpoints, then exported and read back.
 */

let api: TestApi;
let firm: UserRow;
let other: UserRow;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };
const today = isoDay(new Date());
const period = today.slice(0, 7);
const range = `from=${today.slice(0, 7)}-01&to=${today}`;
const KA_GSTIN = demoGstin('29', 'AABCT1332L');
const numbers: Record<string, string> = {};

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function ok<T = { data: Invoice }>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await call(tokens.firm, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
/** An issued invoice of one free line. */
async function issued(contactId: string, unitPrice: number) {
  const { data } = await ok('POST', '/invoices', { contactId, lines: [{ description: 'Interior design', quantity: 1, unitPrice, rateBp: 1800, hsnSac: '998391' }] });
  return (await ok('POST', `/invoices/${data.id}/issue`, { version: data.version })).data;
}

beforeAll(async () => {
  api = await createTestApi();
  ({ firm, other, tokens } = await firmTeam(api.db, { canSeeFinancials: true }));
  await createBillingProfile(api.db, firm.id);
  await createBillingProfile(api.db, other.id, { gstin: '', pan: '', invoicePrefix: 'OTH' });
  const registered = await createContact(api.db, firm.id, { name: 'Sethi Interiors', company: 'Sethi Interiors Pvt Ltd', state: 'Karnataka', gstin: KA_GSTIN, address: 'Bengaluru' });
  const consumer = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra', address: 'Pune' });
  // Inter-state B2B ₹50,000 + IGST ₹9,000; paid ₹59,000 by bank transfer.
  const b2b = await issued(registered.id, 50_000_00);
  await ok('POST', `/invoices/${b2b.id}/payments`, { paidOn: today, amount: 59_000_00, method: 'bank_transfer', reference: 'UTR1' });
  // Same-state B2C ₹20,000 + CGST ₹1,800 + SGST ₹1,800; a credit note of ₹1,000 + GST.
  const b2c = await issued(consumer.id, 20_000_00);
  const note = await ok('POST', `/invoices/${b2c.id}/credit-notes`, { reason: 'Discount agreed', amount: 1_000_00, rateBp: 1800 });
  // Issued, then voided.
  const voided = await issued(consumer.id, 5_000_00);
  await ok('POST', `/invoices/${voided.id}/void`, { reason: 'Raised twice' });
  Object.assign(numbers, { b2b: b2b.number, b2c: b2c.number, voided: voided.number, note: (note.data.creditNotes ?? [])[0]?.number ?? '' });
});
afterAll(() => api.close());

describe('GSTR-1 through the api', () => {
  it('sums the period per section, with the void invoice counted as cancelled', async () => {
    const { data } = await ok<Gstr1SummaryReply>('GET', `/accounting-exports/gstr1?period=${period}`);
    expect(data.gstin).toBe('27AAPFU0939F1ZV');
    expect(data.sections.b2b).toMatchObject({ documents: 1, taxable: 50_000_00, igst: 9_000_00, value: 59_000_00 });
    expect(data.sections.b2cs).toMatchObject({ documents: 2, taxable: 21_000_00 });
    expect({ documents: data.documents, cancelled: data.cancelled, missingHsn: data.missingHsn }).toEqual({ documents: 4, cancelled: 1, missingHsn: 0 });
  });

  it('streams JSON the schema accepts, with the credit note netted in B2C small', async () => {
    const res = await call(tokens.firm, 'GET', `/accounting-exports/gstr1/json?period=${period}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="GSTR1-27AAPFU0939F1ZV-\d{6}\.json"$/);
    const json = res.json() as { b2b: Array<{ ctin: string }>; b2cs: Array<{ txval: number; camt: number }>; hsn: { hsn_b2c: Array<{ hsn_sc: string; txval: number }> }; doc_issue: { doc_det: Array<{ docs: Array<{ cancel: number; totnum: number }> }> } };
    const schema = JSON.parse(fs.readFileSync(new URL('../../money/gstr1.schema.json', import.meta.url), 'utf8')) as object;
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.b2b[0]!.ctin).toBe(KA_GSTIN);
    expect(json.b2cs).toEqual([expect.objectContaining({ sply_ty: 'INTRA', pos: '27', txval: 19000, camt: 1710, samt: 1710 })]);
    // The credit note's line has no HSN of its own: it takes its invoice's.
    expect(json.hsn.hsn_b2c).toEqual([expect.objectContaining({ hsn_sc: '998391', txval: 19000 })]);
    expect(json.doc_issue.doc_det[0]!.docs[0]).toMatchObject({ totnum: 3, cancel: 1 });
  });

  it('gives a CSV per section', async () => {
    const res = await call(tokens.firm, 'GET', `/accounting-exports/gstr1/csv/b2b?period=${period}`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRecords(res.body)).toEqual([expect.objectContaining({ 'Invoice Number': numbers.b2b, 'GSTIN/UIN of Recipient': KA_GSTIN, 'Place Of Supply': '29-Karnataka', 'Integrated Tax': '9000.00' })]);
    expect((await call(tokens.firm, 'GET', `/accounting-exports/gstr1/csv/exp?period=${period}`)).statusCode).toBe(400);
  });

  it('refuses a period that is not one, a firm without a GSTIN and an employee', async () => {
    expect((await call(tokens.firm, 'GET', '/accounting-exports/gstr1?period=2026-13')).statusCode).toBe(400);
    const noGstin = await call(tokens.other, 'GET', `/accounting-exports/gstr1?period=${period}`);
    expect(noGstin.statusCode).toBe(409);
    expect(noGstin.json().message).toMatch(/GSTIN/);
    expect((await call(tokens.employee, 'GET', `/accounting-exports/gstr1/json?period=${period}`)).statusCode).toBe(403);
    expect((await call(tokens.subAdmin, 'GET', `/accounting-exports/gstr1?period=${period}`)).statusCode).toBe(200);
  });
});

describe('Tally and Zoho Books through the api', () => {
  it('balances every Tally voucher of the range and creates the party ledgers', async () => {
    const res = await call(tokens.firm, 'GET', `/accounting-exports/tally?${range}`);
    expect(res.statusCode).toBe(200);
    const doc = new XMLParser({ parseTagValue: false, ignoreAttributes: false, isArray: (n) => n === 'TALLYMESSAGE' || n === 'ALLLEDGERENTRIES.LIST' }).parse(res.body) as {
      ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Array<{ LEDGER?: { '@_NAME': string }; VOUCHER?: { '@_VCHTYPE': string; VOUCHERNUMBER: string; 'ALLLEDGERENTRIES.LIST': Array<{ AMOUNT: string }> } }> } } } };
    };
    const messages = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE;
    expect(messages.filter((m) => m.LEDGER).map((m) => m.LEDGER!['@_NAME'])).toEqual(expect.arrayContaining(['Rhea Kapoor', 'Sethi Interiors Pvt Ltd', 'TDS Receivable']));
    const vouchers = messages.filter((m) => m.VOUCHER).map((m) => m.VOUCHER!);
    expect(vouchers.map((v) => v['@_VCHTYPE']).sort()).toEqual(['Credit Note', 'Receipt', 'Sales', 'Sales']);
    expect(vouchers.map((v) => v.VOUCHERNUMBER)).not.toContain(numbers.voided);
    for (const v of vouchers) {
      const sum = v['ALLLEDGERENTRIES.LIST'].reduce((s, e) => s + Math.round(Number(e.AMOUNT.replace('.', ''))), 0);
      expect(sum, v.VOUCHERNUMBER).toBe(0);
    }
  });

  it('writes Zoho Books invoices and customers with GST treatment, GSTIN and place of supply', async () => {
    const invoicesCsv = csvRecords((await call(tokens.firm, 'GET', `/accounting-exports/zoho/invoices?${range}`)).body);
    expect(invoicesCsv.map((r) => [r['Invoice Number'], r['Invoice Status'], r['GST Treatment'], r['Place of Supply']])).toEqual(
      expect.arrayContaining([
        [numbers.b2b, 'Sent', 'business_registered_regular', 'KA'],
        [numbers.b2c, 'Sent', 'consumer', 'MH'],
        [numbers.voided, 'Void', 'consumer', 'MH'],
      ]),
    );
    const customers = csvRecords((await call(tokens.firm, 'GET', `/accounting-exports/zoho/customers?${range}`)).body);
    expect(customers.map((r) => [r['Display Name'], r['GST Identification Number (GSTIN)']])).toEqual([
      ['Rhea Kapoor', ''],
      ['Sethi Interiors Pvt Ltd', KA_GSTIN],
    ]);
  });

  it('refuses a range that is backwards or too long', async () => {
    expect((await call(tokens.firm, 'GET', `/accounting-exports/tally?from=${today}&to=2020-01-01`)).statusCode).toBe(400);
    expect((await call(tokens.firm, 'GET', '/accounting-exports/zoho/invoices?from=2024-04-01&to=2026-03-31')).statusCode).toBe(400);
  });
});

describe('exports longer than a page', () => {
  it('reads every document once across keyset pages, each GSTIN in one group', async () => {
    const big = await createFirm(api.db);
    await createBillingProfile(api.db, big.id, { invoicePrefix: 'BIG' });
    const token = (await createSession(api.db, big.id, { remember: false })).token;
    const count = EXPORT_PAGE * 2 + 37;
    const gstins = [KA_GSTIN, demoGstin('27', 'AABCT1332L'), demoGstin('07', 'AABCT1332L')];
    const rows = Array.from({ length: count }, (_, g) => {
      const registered = g % 2 === 0;
      const state = registered ? ['Karnataka', 'Maharashtra', 'Delhi'][g % 3]! : 'Maharashtra';
      const inter = state !== 'Maharashtra';
      return {
        id: newId(),
        issuerId: big.id,
        firmId: big.id,
        kind: 'invoice',
        status: 'issued',
        number: `BIG/26-27/${String(g + 1).padStart(5, '0')}`,
        supply: inter ? 'inter' : 'intra',
        placeOfSupply: state,
        buyer: { legalName: `Client ${g % 50}`, address: '', state, gstin: registered ? gstins[g % 3]! : '', email: '' },
        issueDate: today,
        taxable: 100_00,
        cgst: inter ? 0 : 9_00,
        sgst: inter ? 0 : 9_00,
        igst: inter ? 18_00 : 0,
        total: 118_00,
      };
    });
    await api.db.insert(invoiceTable).values(rows);
    await api.db.insert(lineTable).values(rows.map((r) => ({ id: newId(), invoiceId: r.id, position: 0, description: 'Fee', hsnSac: '998391', quantityMilli: 1000, unit: 'NA', unitPrice: 100_00, rateBp: 1800, taxable: 100_00, cgst: r.cgst, sgst: r.sgst, igst: r.igst, total: 118_00 })));

    const json = (await call(token, 'GET', `/accounting-exports/gstr1/json?period=${period}`)).json() as { b2b: Array<{ ctin: string; inv: Array<{ inum: string }> }>; b2cs: Array<{ txval: number }>; doc_issue: { doc_det: Array<{ docs: Array<{ totnum: number }> }> } };
    const ctins = json.b2b.map((g) => g.ctin);
    expect(new Set(ctins).size).toBe(ctins.length);
    const b2bNumbers = json.b2b.flatMap((g) => g.inv.map((i) => i.inum));
    expect(new Set(b2bNumbers).size).toBe(Math.ceil(count / 2));
    expect(json.b2cs[0]!.txval).toBe(Math.floor(count / 2) * 100);
    expect(json.doc_issue.doc_det[0]!.docs[0]!.totnum).toBe(count);

    const xml = (await call(token, 'GET', `/accounting-exports/tally?${range}`)).body;
    expect(xml.match(/<VOUCHER /g)?.length).toBe(count);
    expect(xml.match(/<PARENT>Sundry Debtors<\/PARENT>/g)?.length).toBe(50);
  });
});
