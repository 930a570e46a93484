import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PurchaseOrderJson, PurchaseOrderListItem, PurchaseOrderStatus } from '../contract/purchase-orders.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { contacts, purchaseOrderLines, purchaseOrders, schedules, summaryItems, summaryRooms, summarySections } from '../db/schema/index.js';
import { groupBy } from './rows.js';

/** Data access of purchase orders (docs/decisions/285): orders, their lines, and what a new order is made from. */

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
export type NewPurchaseOrder = Omit<typeof purchaseOrders.$inferInsert, 'id'>;
export type NewPurchaseOrderLine = Omit<typeof purchaseOrderLines.$inferInsert, 'id' | 'orderId' | 'firmId' | 'position'>;

export const toListItem = (row: PurchaseOrderRow): PurchaseOrderListItem => ({
  id: row.id,
  number: row.number,
  status: row.status as PurchaseOrderStatus,
  projectId: row.projectId,
  scheduleId: row.scheduleId,
  supplierName: row.supplier.name,
  total: row.total,
  issuedAt: row.issuedAt.toISOString(),
  mailedAt: row.mailedAt?.toISOString() ?? null,
});

export function toPurchaseOrderJson(row: PurchaseOrderRow, lines: readonly PurchaseOrderLineRow[], projectName: string): PurchaseOrderJson {
  return {
    ...toListItem(row),
    projectName,
    buyer: row.buyer,
    supplier: row.supplier,
    supply: row.supply === 'intra' ? 'intra' : 'inter',
    notes: row.notes,
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      title: l.title,
      description: l.description,
      hsnSac: l.hsnSac,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      rateBp: l.rateBp,
      taxable: l.taxable,
      tax: l.tax,
      total: l.total,
      receivedQuantity: l.receivedQuantity,
    })),
  };
}

/**
 * The items a purchase order may hold: priced items (products, financial items) with a whole
 * quantity, in approved sections of the schedule, in the summary's order.
 */
export async function approvedItems(db: Database, scheduleId: string) {
  return db
    .select({
      id: summaryItems.id,
      type: summaryItems.type,
      title: summaryItems.title,
      description: summaryItems.description,
      // Orders count whole units (purchase_order_lines.quantity): a fractional item is not offered yet (decision 403).
      quantity: sql<number>`(${summaryItems.quantityMilli} / 1000)::int`.mapWith(Number),
      tradePrice: summaryItems.tradePrice,
      roomName: summaryRooms.name,
      sectionTitle: summarySections.title,
    })
    .from(summaryItems)
    .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
    .innerJoin(summaryRooms, eq(summaryRooms.id, summarySections.roomId))
    .where(and(eq(summaryItems.scheduleId, scheduleId), eq(summarySections.status, 'approved'), inArray(summaryItems.type, ['product', 'financial']), sql`${summaryItems.quantityMilli} > 0 and ${summaryItems.quantityMilli} % 1000 = 0`))
    .orderBy(asc(summaryRooms.position), asc(summarySections.position), asc(summaryItems.position));
}
export type ApprovedItem = Awaited<ReturnType<typeof approvedItems>>[number];

/** For each item, the numbers of the orders (not cancelled) that hold it. */
export async function ordersHolding(db: Database, itemIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .select({ itemId: purchaseOrderLines.itemId, number: purchaseOrders.number })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .where(and(inArray(purchaseOrderLines.itemId, [...itemIds]), ne(purchaseOrders.status, 'cancelled')))
    .orderBy(asc(purchaseOrders.number));
  const grouped = groupBy(rows, (r) => r.itemId ?? '');
  return new Map([...grouped].map(([id, list]) => [id, list.map((r) => r.number)]));
}

/** The firm's contacts marked Supplier, by name. */
export async function listSuppliers(db: Database, firmId: string) {
  return db
    .select({ id: contacts.id, name: contacts.name, company: contacts.company, email: contacts.email, state: contacts.state })
    .from(contacts)
    .where(and(eq(contacts.firmId, firmId), eq(contacts.isSupplier, true)))
    .orderBy(sql`lower(${contacts.name})`, asc(contacts.id));
}

export async function insertPurchaseOrder(tx: Database, order: NewPurchaseOrder, lines: readonly NewPurchaseOrderLine[]): Promise<PurchaseOrderRow> {
  const [row] = await tx.insert(purchaseOrders).values({ id: newId(), ...order }).returning();
  await tx.insert(purchaseOrderLines).values(lines.map((line, position) => ({ ...line, id: newId(), orderId: row!.id, firmId: order.firmId, position })));
  return row!;
}

/** One order of the firm (another firm's id finds nothing), locked for the caller's transaction when `lock`. */
export async function findPurchaseOrder(db: Database, firmId: string, id: string, lock = false): Promise<PurchaseOrderRow | undefined> {
  const query = db.select().from(purchaseOrders).where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.firmId, firmId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function orderLines(db: Database, orderId: string): Promise<PurchaseOrderLineRow[]> {
  return db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId)).orderBy(asc(purchaseOrderLines.position));
}

/** A project's schedules (ids and titles), newest first as the schedules page lists them. */
export async function projectSchedules(db: Database, projectId: string) {
  return db.select({ id: schedules.id, title: schedules.title }).from(schedules).where(eq(schedules.projectId, projectId)).orderBy(desc(schedules.createdAt), asc(schedules.id));
}

/** A project's orders, newest first. */
export async function listPurchaseOrders(db: Database, projectId: string): Promise<PurchaseOrderRow[]> {
  return db.select().from(purchaseOrders).where(eq(purchaseOrders.projectId, projectId)).orderBy(desc(purchaseOrders.issuedAt), desc(purchaseOrders.number));
}

export async function updatePurchaseOrder(tx: Database, id: string, changes: Partial<Pick<PurchaseOrderRow, 'status' | 'mailedAt'>>) {
  await tx.update(purchaseOrders).set({ ...changes, updatedAt: new Date() }).where(eq(purchaseOrders.id, id));
}

export async function setReceivedQuantity(tx: Database, lineId: string, receivedQuantity: number) {
  await tx.update(purchaseOrderLines).set({ receivedQuantity }).where(eq(purchaseOrderLines.id, lineId));
}

/**
 * What the firm has committed on purchase orders (every order not cancelled), before GST like the
 * trade cost it compares with (docs/decisions/417; the GST is input credit, not cost), per project and per
 * schedule of the firm: one grouped query for the Financial overview. An order whose schedule was
 * deleted counts for its project only.
 */
export async function committedSums(db: Database, firmId: string): Promise<{ byProject: Map<string, number>; bySchedule: Map<string, number> }> {
  const rows = await db
    .select({ projectId: purchaseOrders.projectId, scheduleId: purchaseOrders.scheduleId, total: sql<string>`sum(${purchaseOrders.taxable})` })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.firmId, firmId), ne(purchaseOrders.status, 'cancelled')))
    .groupBy(purchaseOrders.projectId, purchaseOrders.scheduleId);
  const byProject = new Map<string, number>();
  const bySchedule = new Map<string, number>();
  for (const row of rows) {
    const total = Number(row.total);
    byProject.set(row.projectId, (byProject.get(row.projectId) ?? 0) + total);
    if (row.scheduleId) bySchedule.set(row.scheduleId, total);
  }
  return { byProject, bySchedule };
}
