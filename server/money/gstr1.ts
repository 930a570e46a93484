import { GST_STATE_CODES } from '../contract/gstin-rules.js';
import { paiseToDecimal } from '../contract/money-text.js';
import { isSacCode } from '../contract/quantity.js';

/**
 * GSTR-1 (the return of outward supplies) from a firm's issued invoices and credit notes, in the
 * JSON the GST portal and its offline tool take (docs/decisions/405). Pure: the documents come in
 * as async iterables (keyset pages from the database, server/queries/accounting-exports.ts) and
 * the file goes out as text chunks, so a year of 10,000 invoices is never held whole: only the
 * summed tables (B2C small, HSN, documents issued) are kept, a row per rate, state or series.
 *
 * Where each document goes (CGST rule 59(4), as amended from 1 August 2024 by notification 12/2024):
 * - a recipient with a GSTIN: invoices in `b2b`, credit notes in `cdnr`, grouped by GSTIN;
 * - no GSTIN, inter-state, invoice value above ₹1,00,000 (`B2CL_LIMIT`): `b2cl`, by place of
 *   supply; a credit note against such an invoice in `cdnur` (type B2CL);
 * - every other supply to an unregistered person: `b2cs`, summed by supply type, state and rate,
 *   its credit notes taken off the same rows;
 * - a client abroad (place of supply "Outside India"): an export, reported in the `exp` table that
 *   this file does not write (the summary counts them so the accountant adds them by hand);
 * - `hsn`: per HSN/SAC, unit and rate, split into `hsn_b2b` (registered recipients) and `hsn_b2c`,
 *   as the portal has asked since 2025; credit notes reduce the rows;
 * - `doc_issue`: per series (the number without its serial), first and last number, how many,
 *   how many cancelled (void invoices count there and nowhere else).
 * Amounts are rupees with two decimals, written from paise as text (never through a float).
 */

/** Invoice value above which an inter-state supply to an unregistered person is B2C large (paise). */
export const B2CL_LIMIT = 1_00_000_00;

/** The version of the portal's format this writes. */
export const GSTR1_VERSION = 'GST3.2.2';

export type Gstr1Line = {
  hsnSac: string;
  description: string;
  /** The line's quantity in thousandths of its unit (decision 407). */
  quantityMilli: number;
  /** Its UQC unit. */
  unit: string;
  rateBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export type Gstr1Document = {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** yyyy-mm-dd. */
  issueDate: string;
  /** A voided invoice: counted as cancelled in `doc_issue`, nowhere else. */
  void: boolean;
  /** The recipient's GSTIN, '' when unregistered. */
  buyerGstin: string;
  buyerName: string;
  /** A state as the places data spells it, or "Outside India". */
  placeOfSupply: string;
  supply: 'intra' | 'inter';
  /** The document's value with GST (paise). */
  total: number;
  /** For a credit note, the value of the invoice it reduces (B2C large or not). */
  originalTotal: number | null;
  reverseCharge: boolean;
  lines: Gstr1Line[];
};

/** The four keyset streams of a period, each in the order its table groups by (docs/decisions/405). */
export type Gstr1Sources = {
  /** Documents to recipients with a GSTIN, ordered by GSTIN then number: invoices, then credit notes. */
  registeredInvoices: AsyncIterable<Gstr1Document>;
  registeredNotes: AsyncIterable<Gstr1Document>;
  /** Documents to unregistered recipients, ordered by place of supply then number: invoices, then credit notes. */
  unregisteredInvoices: AsyncIterable<Gstr1Document>;
  unregisteredNotes: AsyncIterable<Gstr1Document>;
};

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'exports' | 'cancelled';

export const OUTSIDE_INDIA_CODE = '96';

/** The two-digit GST state code of a place of supply ("Karnataka" → "29", abroad → "96"). */
export function stateCode(place: string): string {
  const code = GST_STATE_CODES[place]?.[0];
  if (code) return code;
  if (place === '' || place === 'Outside India') return OUTSIDE_INDIA_CODE;
  throw new RangeError(`${place} is not a state GST knows`);
}

/** Where a document is reported (see the module's comment). */
export function gstr1Section(doc: Gstr1Document): Gstr1Section {
  if (doc.void) return 'cancelled';
  if (stateCode(doc.placeOfSupply) === OUTSIDE_INDIA_CODE) return 'exports';
  const note = doc.kind === 'credit-note';
  if (doc.buyerGstin) return note ? 'cdnr' : 'b2b';
  const large = doc.supply === 'inter' && (note ? (doc.originalTotal ?? 0) : doc.total) > B2CL_LIMIT;
  if (large) return note ? 'cdnur' : 'b2cl';
  return 'b2cs';
}

/** "2026-11-05" → "05-11-2026". */
export const gstDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** Basis points as the portal's percentage number: 1800 → 18, 250 → 2.5. */
export const gstRate = (rateBp: number) => rateBp / 100;

/** Amounts are marked while the JSON is written and become bare two-decimal numbers after (see `toJsonText`). */
const AMOUNT_MARK = '\u0000';
const amount = (paise: number) => `${AMOUNT_MARK}${paiseToDecimal(paise)}`;
const MARKED = /"\\u0000(-?\d+\.\d{2})"/g;

/** JSON text in which every `amount()` is the number it spells, exactly: `"txval":1234.50`. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(MARKED, '$1');
}

type Tax = { taxable: number; cgst: number; sgst: number; igst: number };
const addTax = (into: Tax, from: Tax, sign: 1 | -1) => {
  into.taxable += sign * from.taxable;
  into.cgst += sign * from.cgst;
  into.sgst += sign * from.sgst;
  into.igst += sign * from.igst;
};
const zeroTax = (): Tax => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });

/** A document's lines summed per rate, in rising rate: the portal takes one item per rate. */
export function itemsByRate(doc: Gstr1Document): Array<Tax & { rateBp: number }> {
  const byRate = new Map<number, Tax>();
  for (const line of doc.lines) {
    const sum = byRate.get(line.rateBp) ?? zeroTax();
    addTax(sum, line, 1);
    byRate.set(line.rateBp, sum);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rateBp, tax]) => ({ rateBp, ...tax }));
}

const itemsJson = (doc: Gstr1Document) =>
  itemsByRate(doc).map((item, index) => ({
    num: index + 1,
    itm_det: { txval: amount(item.taxable), rt: gstRate(item.rateBp), iamt: amount(item.igst), camt: amount(item.cgst), samt: amount(item.sgst), csamt: amount(0) },
  }));

/**
 * The HSN table's unit of a line: a SAC (services, chapter 99) has none ("NA", quantity 0); goods
 * take the line's own UQC, and "OTH" if it was marked NA (decision 407).
 */
export const uqcOf = (line: Pick<Gstr1Line, 'hsnSac' | 'unit'>) => (isSacCode(line.hsnSac) ? 'NA' : line.unit === 'NA' ? 'OTH' : line.unit);

export type B2csRow = Tax & { supplyType: 'INTRA' | 'INTER'; pos: string; rateBp: number };
export type HsnRow = Tax & { table: 'b2b' | 'b2c'; hsnSac: string; description: string; uqc: string; quantityMilli: number; rateBp: number };
export type DocIssueRow = { kind: 'invoice' | 'credit-note'; series: string; from: string; to: string; first: number; last: number; total: number; cancelled: number };

/** The totals of one section, for the summary page and to check the file by eye. */
export type Gstr1SectionTotals = Tax & { documents: number; value: number };
/** `missingHsn`: lines without an HSN/SAC, which the portal refuses in the HSN table (the page says so). */
export type Gstr1Summary = Record<Exclude<Gstr1Section, 'cancelled'>, Gstr1SectionTotals> & { cancelled: number; documents: number; missingHsn: number };

const emptyTotals = (): Gstr1SectionTotals => ({ documents: 0, value: 0, ...zeroTax() });

/** The serial at the end of a number and the series before it: "INV/2026-27/0012" → ["INV/2026-27/", 12]. */
export function seriesOf(number: string): { series: string; serial: number } {
  const match = /^(.*?)(\d+)$/.exec(number);
  return match ? { series: match[1]!, serial: Number(match[2]) } : { series: number, serial: 0 };
}

export const DOC_TYPES = { invoice: { num: 1, name: 'Invoices for outward supply' }, 'credit-note': { num: 5, name: 'Credit Note' } } as const;

/** The event stream both the JSON and the CSVs are written from. */
export type Gstr1Record =
  | { section: 'b2b' | 'cdnr'; ctin: string; doc: Gstr1Document }
  | { section: 'b2cl'; pos: string; doc: Gstr1Document }
  | { section: 'cdnur'; doc: Gstr1Document }
  | { section: 'b2cs'; rows: B2csRow[] }
  | { section: 'hsn'; rows: HsnRow[] }
  | { section: 'doc_issue'; rows: DocIssueRow[] }
  | { section: 'summary'; summary: Gstr1Summary };

/**
 * Walks the four streams once: yields each B2B, B2CL, CDNR and CDNUR document as it comes, and at
 * the end the summed B2C small, HSN and documents-issued tables and the summary. Checks that each
 * stream keeps its group together (a GSTIN or state seen again after another is a query's bug).
 */
export async function* gstr1Records(sources: Gstr1Sources): AsyncGenerator<Gstr1Record> {
  const summary: Gstr1Summary = { b2b: emptyTotals(), b2cl: emptyTotals(), b2cs: emptyTotals(), cdnr: emptyTotals(), cdnur: emptyTotals(), exports: emptyTotals(), cancelled: 0, documents: 0, missingHsn: 0 };
  const b2cs = new Map<string, B2csRow>();
  const hsn = new Map<string, HsnRow>();
  const docs = new Map<string, DocIssueRow>();

  const count = (doc: Gstr1Document) => {
    const { series, serial } = seriesOf(doc.number);
    const key = `${doc.kind}|${series}`;
    const row = docs.get(key) ?? { kind: doc.kind, series, from: doc.number, to: doc.number, first: serial, last: serial, total: 0, cancelled: 0 };
    if (serial < row.first) Object.assign(row, { first: serial, from: doc.number });
    if (serial > row.last) Object.assign(row, { last: serial, to: doc.number });
    row.total += 1;
    if (doc.void) row.cancelled += 1;
    docs.set(key, row);
    summary.documents += 1;
  };

  const report = (doc: Gstr1Document, section: Exclude<Gstr1Section, 'cancelled'>) => {
    const sign = doc.kind === 'credit-note' ? -1 : 1;
    const totals = summary[section];
    totals.documents += 1;
    totals.value += doc.total;
    for (const line of doc.lines) addTax(totals, line, 1);
    if (section === 'exports') return;
    for (const line of doc.lines) {
      if (!line.hsnSac) summary.missingHsn += 1;
      const table = doc.buyerGstin ? 'b2b' : 'b2c';
      const uqc = uqcOf(line);
      const key = `${table}|${line.hsnSac}|${uqc}|${line.rateBp}`;
      const row = hsn.get(key) ?? { table, hsnSac: line.hsnSac, description: line.description.slice(0, 30), uqc, quantityMilli: 0, rateBp: line.rateBp, ...zeroTax() };
      if (uqc !== 'NA') row.quantityMilli += sign * line.quantityMilli;
      addTax(row, line, sign);
      hsn.set(key, row);
    }
    if (section === 'b2cs') {
      const pos = stateCode(doc.placeOfSupply);
      const supplyType = doc.supply === 'inter' ? 'INTER' : 'INTRA';
      for (const item of itemsByRate(doc)) {
        const key = `${supplyType}|${pos}|${item.rateBp}`;
        const row = b2cs.get(key) ?? { supplyType, pos, rateBp: item.rateBp, ...zeroTax() };
        addTax(row, item, sign);
        b2cs.set(key, row);
      }
    }
  };

  async function* walk(stream: AsyncIterable<Gstr1Document>, groupOf: (doc: Gstr1Document) => string) {
    const done = new Set<string>();
    let current: string | null = null;
    for await (const doc of stream) {
      count(doc);
      const section = gstr1Section(doc);
      if (section === 'cancelled') {
        summary.cancelled += 1;
        continue;
      }
      report(doc, section);
      const group = groupOf(doc);
      if (group !== current) {
        if (done.has(group)) throw new Error(`GSTR-1: documents of ${group} are not together`);
        if (current !== null) done.add(current);
        current = group;
      }
      yield { doc, section, group };
    }
  }

  for (const stream of [sources.registeredInvoices, sources.registeredNotes])
    for await (const { doc, section, group } of walk(stream, (d) => d.buyerGstin)) {
      if (section === 'b2b' || section === 'cdnr') yield { section, ctin: group, doc };
    }
  for await (const { doc, section } of walk(sources.unregisteredInvoices, (d) => d.placeOfSupply)) {
    if (section === 'b2cl') yield { section, pos: stateCode(doc.placeOfSupply), doc };
  }
  for await (const { doc, section } of walk(sources.unregisteredNotes, () => '')) {
    if (section === 'cdnur') yield { section, doc };
  }
  yield { section: 'b2cs', rows: [...b2cs.values()].sort((a, b) => a.supplyType.localeCompare(b.supplyType) || a.pos.localeCompare(b.pos) || a.rateBp - b.rateBp) };
  yield { section: 'hsn', rows: [...hsn.values()].sort((a, b) => a.table.localeCompare(b.table) || a.hsnSac.localeCompare(b.hsnSac) || a.rateBp - b.rateBp) };
  yield { section: 'doc_issue', rows: [...docs.values()].sort((a, b) => DOC_TYPES[a.kind].num - DOC_TYPES[b.kind].num || a.series.localeCompare(b.series)) };
  yield { section: 'summary', summary };
}

const invoiceJson = (doc: Gstr1Document) => ({
  inum: doc.number,
  idt: gstDate(doc.issueDate),
  val: amount(doc.total),
  pos: stateCode(doc.placeOfSupply),
  rchrg: doc.reverseCharge ? 'Y' : 'N',
  inv_typ: 'R',
  itms: itemsJson(doc),
});

const noteJson = (doc: Gstr1Document) => ({
  ntty: 'C',
  nt_num: doc.number,
  nt_dt: gstDate(doc.issueDate),
  pos: stateCode(doc.placeOfSupply),
  rchrg: doc.reverseCharge ? 'Y' : 'N',
  inv_typ: 'R',
  val: amount(doc.total),
  itms: itemsJson(doc),
});

/** A B2C large invoice: its state is its group's, and reverse charge does not apply to it. */
const b2clJson = (doc: Gstr1Document) => {
  const { inum, idt, val, itms } = invoiceJson(doc);
  return { inum, idt, val, itms };
};

/** A credit note to an unregistered person: against a B2C large invoice. */
const cdnurJson = (doc: Gstr1Document) => {
  const { ntty, nt_num, nt_dt, pos, val, itms } = noteJson(doc);
  return { typ: 'B2CL', ntty, nt_num, nt_dt, pos, val, itms };
};

const BODIES = { b2b: invoiceJson, b2cl: b2clJson, cdnr: noteJson, cdnur: cdnurJson } as const;

const b2csJson = (row: B2csRow) => ({
  sply_ty: row.supplyType,
  pos: row.pos,
  typ: 'OE',
  rt: gstRate(row.rateBp),
  txval: amount(row.taxable),
  iamt: amount(row.igst),
  camt: amount(row.cgst),
  samt: amount(row.sgst),
  csamt: amount(0),
});

const hsnJson = (row: HsnRow, index: number) => ({
  num: index + 1,
  hsn_sc: row.hsnSac,
  desc: row.description,
  uqc: row.uqc,
  // Thousandths as the portal's decimal quantity (three decimals at most; exact as printed).
  qty: row.quantityMilli / 1000,
  rt: gstRate(row.rateBp),
  txval: amount(row.taxable),
  iamt: amount(row.igst),
  camt: amount(row.cgst),
  samt: amount(row.sgst),
  csamt: amount(0),
});

const docIssueJson = (rows: DocIssueRow[]) => {
  const byKind = (['invoice', 'credit-note'] as const).map((kind) => ({ kind, rows: rows.filter((r) => r.kind === kind) })).filter((k) => k.rows.length);
  return {
    doc_det: byKind.map(({ kind, rows: of }) => ({
      doc_num: DOC_TYPES[kind].num,
      doc_typ: DOC_TYPES[kind].name,
      docs: of.map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.total, cancel: r.cancelled, net_issue: r.total - r.cancelled })),
    })),
  };
};

export type Gstr1Header = { gstin: string; /** MMYYYY of the period's last month. */ fp: string };

/**
 * The GSTR-1 JSON as text chunks. A group (a GSTIN of b2b or cdnr, a state of b2cl) is opened when
 * its first document comes and closed when another begins; the summed tables are written last.
 * `onSummary` receives the section totals once the file is complete.
 */
export async function* gstr1Json(header: Gstr1Header, sources: Gstr1Sources, onSummary?: (summary: Gstr1Summary) => void): AsyncGenerator<string> {
  yield `{"gstin":${JSON.stringify(header.gstin)},"fp":${JSON.stringify(header.fp)},"version":"${GSTR1_VERSION}","hash":"hash"`;
  // The section open now, and the group open inside it.
  let section: string | null = null;
  let group: string | null = null;
  let first = true;
  const close = () => (section === null ? '' : group === null ? ']' : ']}]');
  const SECTIONS = ['b2b', 'cdnr', 'b2cl', 'cdnur'] as const;
  const opened = new Set<string>();
  for await (const record of gstr1Records(sources)) {
    if (record.section === 'b2b' || record.section === 'cdnr' || record.section === 'b2cl' || record.section === 'cdnur') {
      const key = record.section === 'cdnur' ? null : record.section === 'b2cl' ? record.pos : record.ctin;
      let out = '';
      if (record.section !== section) {
        out += `${close()},"${record.section}":[`;
        opened.add(record.section);
        section = record.section;
        group = null;
        first = true;
      }
      if (key !== null && key !== group) {
        const field = record.section === 'b2cl' ? 'pos' : 'ctin';
        const list = record.section === 'cdnr' ? 'nt' : 'inv';
        out += `${group === null ? '' : ']},'}{"${field}":${JSON.stringify(key)},"${list}":[`;
        group = key;
        first = true;
      }
      const body = BODIES[record.section](record.doc);
      out += `${first ? '' : ','}${toJsonText(body)}`;
      first = false;
      yield out;
      continue;
    }
    if (section !== null) {
      const end = close();
      section = null;
      group = null;
      if (end) yield end;
    }
    if (record.section === 'b2cs') {
      const empty = SECTIONS.filter((s) => !opened.has(s)).map((s) => `,"${s}":[]`).join('');
      yield `${empty},"b2cs":${toJsonText(record.rows.map(b2csJson))}`;
    } else if (record.section === 'hsn') {
      const of = (table: 'b2b' | 'b2c') => record.rows.filter((r) => r.table === table).map(hsnJson);
      yield `,"hsn":${toJsonText({ hsn_b2b: of('b2b'), hsn_b2c: of('b2c') })}`;
    } else if (record.section === 'doc_issue') {
      yield `,"doc_issue":${toJsonText(docIssueJson(record.rows))}}`;
    } else if (record.section === 'summary') onSummary?.(record.summary);
  }
}

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/** The four streams of a list of documents, split and ordered as the database query does (for tests and small callers). */
export function sourcesFromDocuments(docs: readonly Gstr1Document[]): Gstr1Sources {
  const byKey = (key: (d: Gstr1Document) => string) => (a: Gstr1Document, b: Gstr1Document) => key(a).localeCompare(key(b)) || a.number.localeCompare(b.number);
  const pick = (registered: boolean, kind: Gstr1Document['kind']) => docs.filter((d) => Boolean(d.buyerGstin) === registered && d.kind === kind);
  return {
    registeredInvoices: each(pick(true, 'invoice').sort(byKey((d) => d.buyerGstin))),
    registeredNotes: each(pick(true, 'credit-note').sort(byKey((d) => d.buyerGstin))),
    unregisteredInvoices: each(pick(false, 'invoice').sort(byKey((d) => d.placeOfSupply))),
    unregisteredNotes: each(pick(false, 'credit-note').sort(byKey((d) => d.placeOfSupply))),
  };
}

/** All of an async iterable of text, joined. */
export async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
