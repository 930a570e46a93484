import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { schedules } from '../db/schema/index.js';
import { createSummaryTree, type TreeRoom } from './summary-tree.js';

/** Invoices' test and demo data (issue 28 items 4 and 5): a priced schedule with approved and other sections. */

/**
 * A living room with one approved section (a sofa 2 × ₹60,000 less 10 % = ₹1,08,000; a design fee
 * ₹50,000: client price ₹1,58,000) and one section in review (₹25,000), so that "approved only"
 * shows in every total.
 */
export const PRICED_ROOMS: TreeRoom[] = [
  {
    name: 'Living room',
    sections: [
      {
        title: 'Seating',
        status: 'approved',
        items: [
          { type: 'product', title: 'Three-seat sofa', description: 'Teak frame, linen', retailPrice: 60_000_00, tradePrice: 40_000_00, quantity: 2, discountBp: 1000 },
          { type: 'financial', title: 'Design fee', retailPrice: 50_000_00, tradePrice: 0, quantity: 1 },
          { type: 'description', title: 'Notes', description: 'Delivered in six weeks' },
        ],
      },
      { title: 'Lighting', status: 'in_review', items: [{ type: 'product', title: 'Floor lamp', retailPrice: 25_000_00, tradePrice: 15_000_00, quantity: 1 }] },
    ],
  },
];
export const PRICED_APPROVED_CLIENT_PRICE = 1_58_000_00;
export const PRICED_APPROVED_TRADE_COST = 80_000_00;

export async function createPricedSchedule(db: Database, firmId: string, projectId: string, title = 'Living room schedule') {
  const [schedule] = await db.insert(schedules).values({ id: newId(), projectId, userId: firmId, title }).returning();
  const tree = await createSummaryTree(db, { scheduleId: schedule!.id, firmId }, PRICED_ROOMS);
  const [approved, review] = tree.rooms[0]!.sections;
  return { schedule: schedule!, approvedSectionId: approved!.id, reviewSectionId: review!.id, approvedItemIds: approved!.items, reviewItemIds: review!.items };
}
