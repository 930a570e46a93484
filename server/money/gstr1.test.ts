import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { returnPeriod } from '../contract/accounting-exports-rules';
import { csvRecords } from '../../tests/helpers/parse-csv';
import { lineAmounts, type SupplyKind } from './gst';
import { gstr1Csv } from './gstr1-csv';
import { B2CL_LIMIT, gstr1Json, gstr1Section, sourcesFromDocuments, textOf, type Gstr1Document, type Gstr1Summary } from './gstr1';

/**
 * GSTR-1 worked by hand (docs/decisions/405). The firm is in Maharashtra (27). Each document's
 * figures come from server/money/gst.ts as an issued invoice's do; the expected JSON below was
 * computed on paper from the money guide's rules.
 */

const schema = JSON.parse(fs.readFileSync(new URL('./gstr1.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

type LineSpec = { hsnSac: string; quantity: number; unit?: string; unitPrice: number; rateBp?: number; description?: string };
function doc(number: string, spec: { kind?: Gstr1Document['kind']; gstin?: string; place: string; lines: LineSpec[]; void?: boolean; originalTotal?: number; date?: string }): Gstr1Document {
  const supply: SupplyKind = spec.place === 'Maharashtra' ? 'intra' : 'inter';
  const lines = spec.lines.map((l) => {
    const a = lineAmounts({ quantityMilli: l.quantity * 1000, unitPrice: l.unitPrice, discount: 0, rateBp: l.rateBp ?? 1800 }, supply);
    return { hsnSac: l.hsnSac, description: l.description ?? 'Interior design services', quantityMilli: l.quantity * 1000, unit: l.unit ?? 'NOS', rateBp: a.rateBp, taxable: a.taxable, cgst: a.cgst, sgst: a.sgst, igst: a.igst, total: a.total };
  });
  return {
    kind: spec.kind ?? 'invoice',
    number,
    issueDate: spec.date ?? '2026-11-05',
    void: spec.void ?? false,
    buyerGstin: spec.gstin ?? '',
    buyerName: 'Client',
    placeOfSupply: spec.place,
    supply,
    total: lines.reduce((s, l) => s + l.total, 0),
    originalTotal: spec.originalTotal ?? null,
    reverseCharge: false,
    lines,
  };
}

const MH_CLIENT = '27AAPFU0939F1ZV';
const KA_CLIENT = '29AABCT1332L1ZU';

const DOCS: Gstr1Document[] = [
  // Same-state B2B: ₹75,000.50 at 18 %: CGST and SGST each computed on its own at 9 % (CGST rule 46(j)), ₹6,750.05 each.
  doc('INV/2026-27/0001', { gstin: MH_CLIENT, place: 'Maharashtra', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 75_000_50 }] }),
  // Inter-state B2B: a fee and 3 chairs, both 18 %: one item of ₹80,000.00, IGST ₹14,400.00.
  doc('INV/2026-27/0002', {
    gstin: KA_CLIENT,
    place: 'Karnataka',
    lines: [
      { hsnSac: '998322', quantity: 1, unitPrice: 50_000_00, description: 'Architecture fee' },
      { hsnSac: '9403', quantity: 3, unitPrice: 10_000_00, description: 'Chair' },
    ],
  }),
  // B2C large: unregistered, inter-state, ₹1,18,000.00 with GST (above ₹1,00,000).
  doc('INV/2026-27/0003', { place: 'Karnataka', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 1_00_000_00 }] }),
  // Exactly ₹1,00,000.00 with GST (₹84,745.76 + ₹15,254.24): not above the limit, so B2C small.
  doc('INV/2026-27/0004', { place: 'Karnataka', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 84_745_76 }] }),
  // B2C small, same state: ₹20,000.00, CGST and SGST ₹1,800.00 each.
  doc('INV/2026-27/0005', { place: 'Maharashtra', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 20_000_00 }] }),
  // Issued, then voided: in doc_issue as cancelled, nowhere else.
  doc('INV/2026-27/0006', { place: 'Maharashtra', void: true, lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 5_000_00 }] }),
  // A credit note to the registered client: ₹10,000.00 + CGST ₹900.00 + SGST ₹900.00.
  doc('CN/2026-27/0001', { kind: 'credit-note', gstin: MH_CLIENT, place: 'Maharashtra', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 10_000_00 }] }),
  // A credit note against the B2C large invoice (₹1,18,000.00): CDNUR, type B2CL, IGST ₹900.00.
  doc('CN/2026-27/0002', { kind: 'credit-note', place: 'Karnataka', originalTotal: 1_18_000_00, lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 5_000_00 }] }),
];

async function exported(docs: Gstr1Document[]) {
  let summary: Gstr1Summary | undefined;
  const text = await textOf(gstr1Json({ gstin: '27AAACM1234A1Z5', fp: '112026' }, sourcesFromDocuments(docs), (s) => (summary = s)));
  return { text, json: JSON.parse(text) as Record<string, unknown>, summary: summary! };
}

describe('GSTR-1 JSON', () => {
  it('puts each worked example where the rules say', () => {
    expect(DOCS.map(gstr1Section)).toEqual(['b2b', 'b2b', 'b2cl', 'b2cs', 'b2cs', 'cancelled', 'cdnr', 'cdnur']);
    expect(DOCS[3]!.total).toBe(B2CL_LIMIT);
  });

  it('validates against the schema written from the published format', async () => {
    const { json } = await exported(DOCS);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    const empty = await exported([]);
    expect(validate(empty.json), JSON.stringify(validate.errors)).toBe(true);
    expect(empty.json).toMatchObject({ b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
  });

  it('writes every amount with exactly two decimals', async () => {
    const { text } = await exported(DOCS);
    const amounts = [...text.matchAll(/"(?:txval|iamt|camt|samt|csamt|val)":([^,}]+)/g)].map((m) => m[1]);
    expect(amounts.length).toBeGreaterThan(30);
    for (const a of amounts) expect(a).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('matches the worked examples computed by hand', async () => {
    const { json, summary } = await exported(DOCS);
    expect(json.gstin).toBe('27AAACM1234A1Z5');
    expect(json.fp).toBe('112026');
    expect(json.b2b).toEqual([
      {
        ctin: MH_CLIENT,
        inv: [{ inum: 'INV/2026-27/0001', idt: '05-11-2026', val: 88500.6, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { txval: 75000.5, rt: 18, iamt: 0, camt: 6750.05, samt: 6750.05, csamt: 0 } }] }],
      },
      {
        ctin: KA_CLIENT,
        inv: [{ inum: 'INV/2026-27/0002', idt: '05-11-2026', val: 94400, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { txval: 80000, rt: 18, iamt: 14400, camt: 0, samt: 0, csamt: 0 } }] }],
      },
    ]);
    expect(json.b2cl).toEqual([{ pos: '29', inv: [{ inum: 'INV/2026-27/0003', idt: '05-11-2026', val: 118000, itms: [{ num: 1, itm_det: { txval: 100000, rt: 18, iamt: 18000, camt: 0, samt: 0, csamt: 0 } }] }] }]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 84745.76, iamt: 15254.24, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 20000, iamt: 0, camt: 1800, samt: 1800, csamt: 0 },
    ]);
    expect(json.cdnr).toEqual([
      { ctin: MH_CLIENT, nt: [{ ntty: 'C', nt_num: 'CN/2026-27/0001', nt_dt: '05-11-2026', pos: '27', rchrg: 'N', inv_typ: 'R', val: 11800, itms: [{ num: 1, itm_det: { txval: 10000, rt: 18, iamt: 0, camt: 900, samt: 900, csamt: 0 } }] }] },
    ]);
    expect(json.cdnur).toEqual([{ typ: 'B2CL', ntty: 'C', nt_num: 'CN/2026-27/0002', nt_dt: '05-11-2026', pos: '29', val: 5900, itms: [{ num: 1, itm_det: { txval: 5000, rt: 18, iamt: 900, camt: 0, samt: 0, csamt: 0 } }] }]);
    // HSN: registered recipients apart from the rest, credit notes taken off; a SAC has unit NA and no quantity.
    expect(json.hsn).toEqual({
      hsn_b2b: [
        { num: 1, hsn_sc: '9403', desc: 'Chair', uqc: 'NOS', qty: 3, rt: 18, txval: 30000, iamt: 5400, camt: 0, samt: 0, csamt: 0 },
        { num: 2, hsn_sc: '998322', desc: 'Architecture fee', uqc: 'NA', qty: 0, rt: 18, txval: 50000, iamt: 9000, camt: 0, samt: 0, csamt: 0 },
        // 75,000.50 − 10,000.00; CGST 6,750.05 − 900.00; SGST 6,750.05 − 900.00.
        { num: 3, hsn_sc: '998391', desc: 'Interior design services', uqc: 'NA', qty: 0, rt: 18, txval: 65000.5, iamt: 0, camt: 5850.05, samt: 5850.05, csamt: 0 },
      ],
      hsn_b2c: [
        // 1,00,000.00 − 5,000.00 + 84,745.76 + 20,000.00; IGST 18,000.00 − 900.00 + 15,254.24.
        { num: 1, hsn_sc: '998391', desc: 'Interior design services', uqc: 'NA', qty: 0, rt: 18, txval: 199745.76, iamt: 32354.24, camt: 1800, samt: 1800, csamt: 0 },
      ],
    });
    expect(json.doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'INV/2026-27/0001', to: 'INV/2026-27/0006', totnum: 6, cancel: 1, net_issue: 5 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/2026-27/0001', to: 'CN/2026-27/0002', totnum: 2, cancel: 0, net_issue: 2 }] },
      ],
    });
    expect(summary).toMatchObject({ documents: 8, cancelled: 1, missingHsn: 0, b2b: { documents: 2, taxable: 155_000_50, value: 1_82_900_60 }, b2cs: { documents: 2, taxable: 1_04_745_76 } });
  });

  it("sums goods in the HSN table by their own unit, in exact decimals: 12.5 + 7.25 MTR of fabric is 19.75 MTR (rule 46(f); decision 407)", async () => {
    const fabric = (number: string, quantity: number) => doc(number, { place: 'Maharashtra', lines: [{ hsnSac: '5309', quantity, unit: 'MTR', unitPrice: 1_200_00, rateBp: 1200, description: 'Linen fabric' }] });
    const { json } = await exported([fabric('INV/2026-27/0101', 12.5), fabric('INV/2026-27/0102', 7.25)]);
    expect((json.hsn as { hsn_b2c: unknown[] }).hsn_b2c).toEqual([{ num: 1, hsn_sc: '5309', desc: 'Linen fabric', uqc: 'MTR', qty: 19.75, rt: 12, txval: 23700, iamt: 0, camt: 1422, samt: 1422, csamt: 0 }]);
  });

  it('refuses a stream whose groups are not together', async () => {
    const a = doc('INV/2026-27/0001', { gstin: MH_CLIENT, place: 'Maharashtra', lines: [{ hsnSac: '998391', quantity: 1, unitPrice: 100 }] });
    const b = { ...a, number: 'INV/2026-27/0002', buyerGstin: KA_CLIENT };
    const c = { ...a, number: 'INV/2026-27/0003' };
    const none = (async function* () {})();
    async function* list() {
      yield* [a, b, c];
    }
    await expect(textOf(gstr1Json({ gstin: '27AAACM1234A1Z5', fp: '112026' }, { registeredInvoices: list(), registeredNotes: none, unregisteredInvoices: none, unregisteredNotes: none }))).rejects.toThrow(/not together/);
  });
});

describe('GSTR-1 CSVs', () => {
  const csv = async (section: Parameters<typeof gstr1Csv>[0]) => csvRecords(await textOf(gstr1Csv(section, sourcesFromDocuments(DOCS))));

  it('lists each B2B invoice per rate with the offline tool columns', async () => {
    expect(await csv('b2b')).toEqual([
      expect.objectContaining({ 'GSTIN/UIN of Recipient': MH_CLIENT, 'Invoice Number': 'INV/2026-27/0001', 'Invoice Date': '05-11-2026', 'Invoice Value': '88500.60', 'Place Of Supply': '27-Maharashtra', 'Rate (%)': '18', 'Taxable Value': '75000.50', 'Central Tax': '6750.05', 'State/UT Tax': '6750.05' }),
      expect.objectContaining({ 'GSTIN/UIN of Recipient': KA_CLIENT, 'Place Of Supply': '29-Karnataka', 'Taxable Value': '80000.00', 'Integrated Tax': '14400.00' }),
    ]);
  });

  it('sums B2C small, HSN and documents as the JSON does', async () => {
    expect((await csv('b2cs')).map((r) => [r['Place Of Supply'], r['Taxable Value']])).toEqual([
      ['29-Karnataka', '84745.76'],
      ['27-Maharashtra', '20000.00'],
    ]);
    expect((await csv('hsn')).map((r) => [r.Table, r.HSN, r['Taxable Value']])).toEqual([
      ['B2B', '9403', '30000.00'],
      ['B2B', '998322', '50000.00'],
      ['B2B', '998391', '65000.50'],
      ['B2C', '998391', '199745.76'],
    ]);
    expect(await csv('docs')).toEqual([
      { 'Nature of Document': 'Invoices for outward supply', 'Sr. No. From': 'INV/2026-27/0001', 'Sr. No. To': 'INV/2026-27/0006', 'Total Number': '6', Cancelled: '1', 'Net Issued': '5' },
      { 'Nature of Document': 'Credit Note', 'Sr. No. From': 'CN/2026-27/0001', 'Sr. No. To': 'CN/2026-27/0002', 'Total Number': '2', Cancelled: '0', 'Net Issued': '2' },
    ]);
    expect((await csv('cdnur'))[0]).toMatchObject({ 'UR Type': 'B2CL', 'Note Number': 'CN/2026-27/0002', 'Note Value': '5900.00' });
    expect((await csv('cdnr'))[0]).toMatchObject({ 'Note Number': 'CN/2026-27/0001', 'Note Value': '11800.00' });
    expect((await csv('b2cl'))[0]).toMatchObject({ 'Invoice Number': 'INV/2026-27/0003', 'Invoice Value': '118000.00', 'Place Of Supply': '29-Karnataka' });
  });
});

describe('return periods', () => {
  it('reads a month and a QRMP quarter of the financial year', () => {
    expect(returnPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30', fp: '112026', label: 'November 2026' });
    expect(returnPeriod('2028-02')?.to).toBe('2028-02-29');
    expect(returnPeriod('2026-Q1')).toMatchObject({ from: '2026-04-01', to: '2026-06-30', fp: '062026' });
    expect(returnPeriod('2026-Q3')).toMatchObject({ from: '2026-10-01', to: '2026-12-31', fp: '122026' });
    expect(returnPeriod('2026-Q4')).toMatchObject({ from: '2027-01-01', to: '2027-03-31', fp: '032027' });
    for (const bad of ['2026-13', '2026-Q5', '26-11', '2026-11-01', '']) expect(returnPeriod(bad)).toBeNull();
  });
});
