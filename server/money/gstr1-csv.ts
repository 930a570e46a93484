import type { Gstr1CsvSection } from '../contract/accounting-exports-rules.js';
import { GST_STATE_CODES } from '../contract/gstin-rules.js';
import { CSV_BOM, csvAmount, csvLine, type CsvCell } from '../contract/csv.js';
import { DOC_TYPES, gstDate, gstr1Records, gstRate, itemsByRate, stateCode, type Gstr1Document, type Gstr1Sources } from './gstr1.js';
import { formatQuantity } from '../contract/quantity.js';

/**
 * GSTR-1 as one CSV per section, for an accountant to check by eye against the JSON
 * (docs/decisions/405): the columns of the GST offline tool's sheets, one row per document and
 * rate, places of supply as "29-Karnataka", dates DD-MM-YYYY, rupees with two decimals. Streamed
 * like the JSON: rows are written as the documents come.
 */


const TAX = ['Rate (%)', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess Amount'];
const HEADERS: Record<Gstr1CsvSection, string[]> = {
  b2b: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice Date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Invoice Type', ...TAX],
  b2cl: ['Invoice Number', 'Invoice Date', 'Invoice Value', 'Place Of Supply', ...TAX],
  b2cs: ['Type', 'Place Of Supply', ...TAX],
  cdnr: ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Value', ...TAX],
  cdnur: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...TAX],
  hsn: ['Table', 'HSN', 'Description', 'UQC', 'Total Quantity', ...TAX],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled', 'Net Issued'],
};

/** "29-Karnataka", as the offline tool lists states. */
export const placeText = (place: string) => `${stateCode(place)}-${place || 'Outside India'}`;

type Tax = { rateBp: number; taxable: number; igst: number; cgst: number; sgst: number };
const taxCells = (t: Tax): CsvCell[] => [{ decimal: String(gstRate(t.rateBp)) }, csvAmount(t.taxable), csvAmount(t.igst), csvAmount(t.cgst), csvAmount(t.sgst), csvAmount(0)];

/** A row per rate of one document, its own cells first. */
const perRate = (doc: Gstr1Document, cells: CsvCell[]) => itemsByRate(doc).map((item) => [...cells, ...taxCells(item)]);

const reverse = (doc: Gstr1Document) => (doc.reverseCharge ? 'Y' : 'N');

/** One section's CSV as text chunks. */
export async function* gstr1Csv(section: Gstr1CsvSection, sources: Gstr1Sources): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADERS[section]);
  for await (const record of gstr1Records(sources)) {
    let rows: CsvCell[][] = [];
    if (record.section === 'b2b' && section === 'b2b') {
      const d = record.doc;
      rows = perRate(d, [d.buyerGstin, d.buyerName, d.number, gstDate(d.issueDate), csvAmount(d.total), placeText(d.placeOfSupply), reverse(d), 'Regular B2B']);
    } else if (record.section === 'b2cl' && section === 'b2cl') {
      const d = record.doc;
      rows = perRate(d, [d.number, gstDate(d.issueDate), csvAmount(d.total), placeText(d.placeOfSupply)]);
    } else if (record.section === 'cdnr' && section === 'cdnr') {
      const d = record.doc;
      rows = perRate(d, [d.buyerGstin, d.buyerName, d.number, gstDate(d.issueDate), 'C', placeText(d.placeOfSupply), reverse(d), csvAmount(d.total)]);
    } else if (record.section === 'cdnur' && section === 'cdnur') {
      const d = record.doc;
      rows = perRate(d, ['B2CL', d.number, gstDate(d.issueDate), 'C', placeText(d.placeOfSupply), csvAmount(d.total)]);
    } else if (record.section === 'b2cs' && section === 'b2cs') {
      rows = record.rows.map((r) => ['OE', `${r.pos}-${placeName(r.pos)}`, ...taxCells(r)]);
    } else if (record.section === 'hsn' && section === 'hsn') {
      rows = record.rows.map((r) => [r.table === 'b2b' ? 'B2B' : 'B2C', r.hsnSac, r.description, r.uqc, { decimal: formatQuantity(r.quantityMilli) }, ...taxCells(r)]);
    } else if (record.section === 'doc_issue' && section === 'docs') {
      rows = record.rows.map((r) => [DOC_TYPES[r.kind].name, r.from, r.to, r.total, r.cancelled, r.total - r.cancelled]);
    }
    if (rows.length) yield rows.map(csvLine).join('');
  }
}

/** A state's name from its code (the first state of a code shared since a merger). */
function placeName(code: string): string {
  return Object.keys(GST_STATE_CODES).find((place) => stateCode(place) === code) ?? 'Outside India';
}
