import { CSV_BOM, csvAmount, csvLine, type CsvCell } from '../contract/csv.js';
import { stateCode } from './gstr1.js';
import type { TallyParty } from './tally.js';
import { formatQuantity } from '../contract/quantity.js';

/**
 * Zoho Books' CSV import (docs/decisions/406): customers, and invoices with a row per line. The GST
 * headers and values are those Zoho Books recognises (its "recognised formats for GST related
 * information"): `GST Treatment` (business_registered_regular, consumer, overseas),
 * `GST Identification Number (GSTIN)`, and `Place of Supply` as Zoho's two-letter state code
 * ("KA"). Dates are yyyy-mm-dd (chosen as the date format in Zoho's import screen).
 */

/** Zoho Books' codes of the states and union territories, by GST state code. */
const ZOHO_STATES: Record<string, string> = {
  '01': 'JK', '02': 'HP', '03': 'PB', '04': 'CH', '05': 'UK', '06': 'HR', '07': 'DL', '08': 'RJ', '09': 'UP', '10': 'BR',
  '11': 'SK', '12': 'AR', '13': 'NL', '14': 'MN', '15': 'MZ', '16': 'TR', '17': 'ML', '18': 'AS', '19': 'WB', '20': 'JH',
  '21': 'OD', '22': 'CG', '23': 'MP', '24': 'GJ', '26': 'DN', '27': 'MH', '29': 'KA', '30': 'GA', '31': 'LD', '32': 'KL',
  '33': 'TN', '34': 'PY', '35': 'AN', '36': 'TS', '37': 'AD', '38': 'LA', '97': 'OT',
};

/** "Karnataka" → "KA"; '' abroad (an overseas customer has no place of supply in India). */
export function zohoPlace(place: string): string {
  return ZOHO_STATES[stateCode(place)] ?? '';
}

export function gstTreatment(party: Pick<TallyParty, 'gstin' | 'state'>): string {
  if (party.gstin) return 'business_registered_regular';
  return party.state ? 'consumer' : 'overseas';
}

export const ZOHO_CUSTOMER_HEADERS = ['Display Name', 'Company Name', 'Billing Address', 'Billing State', 'Billing Country', 'Currency Code', 'GST Treatment', 'GST Identification Number (GSTIN)', 'Place of Supply'];

export async function* zohoCustomersCsv(parties: AsyncIterable<TallyParty>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(ZOHO_CUSTOMER_HEADERS);
  for await (const p of parties) yield csvLine([p.name, p.name, p.address, p.state, p.state ? 'India' : '', 'INR', gstTreatment(p), p.gstin, zohoPlace(p.state)]);
}

export type ZohoInvoiceLine = { description: string; hsnSac: string; quantityMilli: number; unitPrice: number; discount: number; rateBp: number; taxable: number; tax: number; total: number };
export type ZohoInvoice = { number: string; date: string; dueDate: string | null; void: boolean; party: TallyParty; placeOfSupply: string; supply: 'intra' | 'inter'; notes: string; lines: ZohoInvoiceLine[] };

export const ZOHO_INVOICE_HEADERS = [
  'Invoice Date', 'Invoice Number', 'Invoice Status', 'Customer Name', 'GST Treatment', 'GST Identification Number (GSTIN)', 'Place of Supply', 'Due Date', 'Currency Code',
  'Item Name', 'Item Desc', 'HSN/SAC', 'Quantity', 'Item Price', 'Discount Amount', 'Item Tax', 'Item Tax %', 'Item Tax Amount', 'Item Total', 'Is Inclusive Tax', 'Notes',
];

/** Zoho's default tax names: "GST18" is the CGST + SGST group, "IGST18" the inter-state tax. */
export const zohoTaxName = (rateBp: number, supply: 'intra' | 'inter') => `${supply === 'inter' ? 'IGST' : 'GST'}${rateBp / 100}`;

export async function* zohoInvoicesCsv(invoices: AsyncIterable<ZohoInvoice>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(ZOHO_INVOICE_HEADERS);
  for await (const inv of invoices) {
    const head: CsvCell[] = [inv.date, inv.number, inv.void ? 'Void' : 'Sent', inv.party.name, gstTreatment(inv.party), inv.party.gstin, zohoPlace(inv.placeOfSupply), inv.dueDate ?? '', 'INR'];
    yield inv.lines
      .map((l) =>
        csvLine([
          ...head,
          l.description.slice(0, 100),
          l.description,
          l.hsnSac,
          { decimal: formatQuantity(l.quantityMilli) },
          csvAmount(l.unitPrice),
          csvAmount(l.discount),
          zohoTaxName(l.rateBp, inv.supply),
          { decimal: String(l.rateBp / 100) },
          csvAmount(l.tax),
          csvAmount(l.taxable),
          'false',
          inv.notes,
        ]),
      )
      .join('');
  }
}
