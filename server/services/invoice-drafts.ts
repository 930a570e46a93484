import type { BillingProfile } from '../contract/billing.js';
import { isGstRate, type PricedItemType } from '../contract/billing-rules.js';
import { INVOICE_MESSAGES as M, milestoneDescription } from '../contract/invoices.js';
import { itemFigures } from '../contract/summary-rules.js';
import type { Database } from '../db/connection.js';
import { badRequest } from '../errors.js';
import { discountTo, shareOf } from '../money/balance.js';
import type { LineInput, SupplyKind } from '../money/gst.js';
import { documentAmounts, type Totals } from '../money/totals.js';
import { defaultUnit, itemLineUnit, wholeQuantity } from '../contract/quantity.js';
import { findFirmProject, findFirmSchedule, pricedItemsOfSchedule, type SourceItem } from '../queries/invoice-sources.js';
import type { StoredLine } from '../queries/invoice-writes.js';

/**
 * The lines of a draft invoice (docs/decisions/280): from a schedule's approved sections (all, or
 * chosen sections or items), a milestone (a percentage of the approved sections, one line), and
 * free lines. Every line's figures come from server/money, for the kind of supply.
 */

/** `unit`: a UQC code (decision 407); a summary item counts in numbers (NOS), a service in NA. */
export type DraftLine = { id?: string; description: string; hsnSac: string; unit: string; sourceItemId: string | null; input: LineInput };

export type DraftSource = {
  projectId?: string;
  scheduleId?: string;
  sectionIds?: string[];
  itemIds?: string[];
  milestoneBp?: number;
  /** The firm's SAC for a free service line sent without a code (decision 382). */
  serviceSac?: string;
  lines: Array<{ description: string; hsnSac: string; quantity: number; unit?: string; unitPrice: number; rateBp: number }>;
};

/** An item's client price by the summary's own rule (retail × quantity less its discount). */
const clientPriceOf = (item: SourceItem) => itemFigures({ ...item, tradePrice: 0 }).clientPrice;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** An approved summary item as an invoice line: its client price as quantity × unit price − discount. */
function itemLine(item: SourceItem, profile: BillingProfile): DraftLine {
  const tax = profile.itemTaxes[item.type as PricedItemType];
  const clientPrice = clientPriceOf(item);
  const description = [item.title, item.description].filter(Boolean).join(' — ').slice(0, 500) || 'Item';
  return {
    description,
    hsnSac: tax.hsnSac,
    // The item's own quantity and unit (12.5 MTR; decision 403).
    unit: itemLineUnit(tax.hsnSac, item.unit),
    sourceItemId: item.id,
    input: { quantityMilli: item.quantityMilli, unitPrice: item.retailPrice, discount: discountTo(item.quantityMilli, item.retailPrice, clientPrice), rateBp: isGstRate(tax.rateBp) ? tax.rateBp : 1800 },
  };
}

/**
 * The code of a free line sent without one (CGST rule 46(g), decision 382): a line with no unit or
 * NA is a service, and takes the firm's SAC (`serviceSac`: 998322/998323 for architecture, 998391
 * for interior design); a line counted in a unit of goods (MTR, SQM…) is left for the firm to code.
 */
export const codeOfFreeLine = (hsnSac: string, unit: string | undefined, serviceSac: string | undefined): string => (hsnSac || (unit && unit !== 'NA') ? hsnSac : (serviceSac ?? ''));

/** A free line as sent (its quantity already in thousandths): its code or the firm's SAC, its unit or the default for its code. */
export function freeLine(l: DraftSource['lines'][number], serviceSac?: string): DraftLine {
  const hsnSac = codeOfFreeLine(l.hsnSac, l.unit, serviceSac);
  return {
    description: l.description,
    hsnSac,
    unit: l.unit ?? defaultUnit(hsnSac),
    sourceItemId: null,
    input: { quantityMilli: l.quantity, unitPrice: l.unitPrice, discount: 0, rateBp: l.rateBp },
  };
}

/** Which approved items the body asks for: whole chosen sections and chosen items (together), or every approved section. */
function chosenItems(items: SourceItem[], source: DraftSource): SourceItem[] {
  const approved = items.filter((i) => i.sectionStatus === 'approved');
  if (!source.itemIds?.length && !source.sectionIds?.length) return approved;
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const id of source.itemIds ?? []) if (byId.get(id)?.sectionStatus !== 'approved') throw field('itemIds', M.itemNotApproved);
  const approvedSections = new Set(approved.map((i) => i.sectionId));
  for (const id of source.sectionIds ?? []) if (!approvedSections.has(id)) throw field('sectionIds', M.sectionNotApproved);
  const sections = new Set(source.sectionIds);
  const chosen = new Set(source.itemIds);
  return approved.filter((i) => sections.has(i.sectionId) || chosen.has(i.id));
}

/** The draft's project and lines from what the body names; 400 with the field for anything not the firm's or not approved. */
export async function draftLines(db: Database, firmId: string, profile: BillingProfile, source: DraftSource): Promise<{ projectId: string | null; lines: DraftLine[] }> {
  let projectId: string | null = null;
  if (source.projectId) {
    if (!(await findFirmProject(db, firmId, source.projectId))) throw field('projectId', M.projectNotFound);
    projectId = source.projectId;
  }
  const lines: DraftLine[] = [];
  if (source.scheduleId) {
    const schedule = await findFirmSchedule(db, firmId, source.scheduleId);
    if (!schedule) throw field('scheduleId', M.scheduleNotFound);
    if (projectId && schedule.projectId !== projectId) throw field('scheduleId', M.scheduleNotOfProject);
    projectId = schedule.projectId;
    const items = chosenItems(await pricedItemsOfSchedule(db, schedule.id), source).filter((i) => clientPriceOf(i) > 0);
    if (source.milestoneBp) {
      const quoted = items.reduce((sum, i) => sum + clientPriceOf(i), 0);
      if (!quoted) throw field('scheduleId', M.nothingApproved);
      const tax = profile.itemTaxes.financial;
      const percent = String(source.milestoneBp / 100);
      lines.push({ description: milestoneDescription(percent, schedule.title), hsnSac: tax.hsnSac, unit: defaultUnit(tax.hsnSac), sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: shareOf(quoted, source.milestoneBp), discount: 0, rateBp: tax.rateBp } });
    } else {
      if (!items.length) throw field('scheduleId', M.nothingApproved);
      lines.push(...items.map((item) => itemLine(item, profile)));
    }
  } else if (source.sectionIds?.length || source.itemIds?.length || source.milestoneBp) {
    throw field('scheduleId', M.milestoneNeedsSchedule);
  }
  for (const l of source.lines) lines.push(freeLine(l, source.serviceSac));
  if (!lines.length) throw badRequest(M.noLines);
  return { projectId, lines };
}

/** The lines' figures for the kind of supply: what is stored, and the totals. A line too large answers 400. */
export function priceLines(lines: DraftLine[], supply: SupplyKind): { stored: StoredLine[]; totals: Totals } {
  let doc;
  try {
    doc = documentAmounts(
      lines.map((l) => l.input),
      supply,
    );
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(`${M.amount}: ${error.message}`);
    throw error;
  }
  const stored = lines.map((l, i) => ({ id: l.id, description: l.description, hsnSac: l.hsnSac, unit: l.unit, sourceItemId: l.sourceItemId, amounts: doc.lines[i]! }));
  return { stored, totals: doc.totals };
}
