import { and, asc, eq } from 'drizzle-orm';
import { isoDay } from '../contract/dates.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { contacts, schedules } from '../db/schema/index.js';
import { shareOf } from '../money/balance.js';
import { supplyKind } from '../money/totals.js';
import { findBillingProfile, toBillingProfileJson } from '../queries/billing.js';
import { insertInvoice } from '../queries/invoice-writes.js';
import { draftLines, priceLines } from '../services/invoice-drafts.js';
import { buyerParty, issueLocked, placeOfSupply, recordPayment } from '../services/invoices.js';
import { createSummaryTree, type TreeRoom } from './summary-tree.js';

/** Invoices' test and demo data: a priced schedule with approved and other sections. */

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

/**
 * Each demo firm's first client gets one issued invoice for its first project (the approved
 * sections of its first schedule, or a design fee when none is approved) with a part payment.
 */
export async function seedDemoInvoices(db: Database, firms: Array<{ id: string; email: string }>, projects: ReadonlyArray<{ id: string; userId: string }>) {
  for (const firm of firms) {
    const profileRow = await findBillingProfile(db, firm.id);
    const project = projects.find((p) => p.userId === firm.id);
    const [client] = await db.select().from(contacts).where(and(eq(contacts.firmId, firm.id), eq(contacts.isClient, true))).orderBy(asc(contacts.createdAt)).limit(1);
    if (!profileRow || !project || !client) continue;
    const profile = toBillingProfileJson(profileRow);
    const [schedule] = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.projectId, project.id)).orderBy(asc(schedules.createdAt)).limit(1);
    const designFee = { description: 'Design fee: concept and working drawings', quantity: 1, unitPrice: 1_50_000_00, rateBp: profile.itemTaxes.financial.rateBp, hsnSac: profile.itemTaxes.financial.hsnSac };
    const source = await draftLines(db, firm.id, profile, { scheduleId: schedule?.id, lines: [] }).catch(() => draftLines(db, firm.id, profile, { projectId: project.id, lines: [designFee] }));
    const supply = supplyKind(profile.state, client.state);
    const { stored, totals } = priceLines(source.lines, supply);
    await db.transaction(async (tx) => {
      const draft = await insertInvoice(tx, { issuerId: firm.id, firmId: firm.id, kind: 'invoice', contactId: client.id, projectId: source.projectId, status: 'draft', supply, placeOfSupply: placeOfSupply(client.state), notes: 'Thank you for your business.', reminderDays: 7, createdBy: firm.id }, totals, stored);
      const issued = await issueLocked(tx, draft, { profile, sellerEmail: firm.email, buyer: buyerParty(client), contactId: client.id }, firm.id);
      await recordPayment(tx, firm.id, firm.id, issued.id, { paidOn: isoDay(new Date()), amount: shareOf(issued.total, 4000), method: 'bank_transfer', reference: 'NEFT advance' });
    });
  }
}
