import { itemLineUnit, parseQuantity } from '../contract/quantity.js';
import { DEFAULT_ITEM_TAXES, type ItemTaxes } from '../contract/billing.js';
import type { ProposalData, ProposalLine } from '../contract/proposal.js';
import { PRICED_ITEM_TYPES, type PricedItemType } from '../contract/billing-rules.js';
import type { SummaryJson } from '../contract/summary.js';
import { proposalLine, proposalTotals } from '../money/proposal.js';
import type { LineAmounts } from '../money/gst.js';
import type { Totals } from '../money/totals.js';

/**
 * A schedule's summary as a client proposal (docs/decisions/286): the chosen sections, or every
 * section not rejected when none is chosen; in them the priced items (products and financial
 * items: titles and descriptions have no price); sections without one and rooms without a
 * section are left out. Each line at the client price with GST at its type's rate from the
 * billing profile. Pure: the route reads the summary, the profile and the images.
 */

const isPriced = (type: string): type is PricedItemType => (PRICED_ITEM_TYPES as readonly string[]).includes(type);
const money = ({ taxable, tax, total }: Totals) => ({ taxable, tax, total });

export type ProposalBody = Pick<ProposalData, 'rooms' | 'totals' | 'byRate'>;

export function buildProposal(summary: SummaryJson, chosen: readonly string[], taxes: ItemTaxes = DEFAULT_ITEM_TAXES, images: Record<string, string> = {}): ProposalBody {
  const wanted = new Set(chosen);
  const shown = (section: SummaryJson['rooms'][number]['sections'][number]) => (chosen.length ? wanted.has(section.id) : section.status !== 'rejected');
  const every: LineAmounts[] = [];
  const rooms = summary.rooms.flatMap((room) => {
    const roomLines: LineAmounts[] = [];
    const sections = room.sections.filter(shown).flatMap((section) => {
      const amounts: LineAmounts[] = [];
      const lines = section.items.flatMap((item): ProposalLine[] => {
        if (!isPriced(item.type)) return [];
        const tax = taxes[item.type];
        const line = proposalLine({ retailPrice: item.retailPrice, quantityMilli: parseQuantity(item.quantity) ?? 0, discountBp: item.discountBp, rateBp: tax.rateBp });
        amounts.push(line);
        const first = item.images[0];
        return [{ id: item.id, type: item.type, title: item.title, description: item.description, image: (first && images[first.id]) ?? null, hsnSac: tax.hsnSac, quantity: item.quantity, unit: itemLineUnit(tax.hsnSac, item.unit), unitPrice: line.unitPrice, discount: line.discount, taxable: line.taxable, rateBp: line.rateBp, tax: line.tax, total: line.total }];
      });
      roomLines.push(...amounts);
      return lines.length ? [{ id: section.id, title: section.title, lines, totals: money(proposalTotals(amounts)) }] : [];
    });
    every.push(...roomLines);
    return sections.length ? [{ id: room.id, name: room.name, sections, totals: money(proposalTotals(roomLines)) }] : [];
  });
  const rates = [...new Set(every.map((l) => l.rateBp))].sort((a, b) => a - b);
  const byRate = rates.map((rateBp) => {
    const { taxable, tax } = proposalTotals(every.filter((l) => l.rateBp === rateBp));
    return { rateBp, taxable, tax };
  });
  return { rooms, totals: money(proposalTotals(every)), byRate };
}

/** The image ids the proposal prints (each line's first image) of the sections it shows. */
export const proposalImageIds = (summary: SummaryJson, body: ProposalBody): string[] => {
  const lineIds = new Set(body.rooms.flatMap((r) => r.sections.flatMap((s) => s.lines.map((l) => l.id))));
  return summary.rooms.flatMap((r) => r.sections.flatMap((s) => s.items.filter((i) => lineIds.has(i.id) && i.images[0]).map((i) => i.images[0]!.id)));
};
