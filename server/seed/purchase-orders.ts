import type { Database } from '../db/connection.js';
import { listSchedules } from '../queries/schedules.js';
import { approvedItems, listSuppliers, orderLines } from '../queries/purchase-orders.js';
import { changeStatus, raisePurchaseOrder, receiveLines } from '../services/purchase-orders.js';

/**
 * One purchase order per demo firm: the approved items of its first project's first
 * schedule (the demo summary, seed/summary.ts) to its first supplier (seed/chat-book.ts), raised
 * as the firm. The first firm's is acknowledged and partly received, so the order page shows both.
 */
export async function seedDemoPurchaseOrders(db: Database, projects: ReadonlyArray<{ id: string; userId: string }>): Promise<number> {
  const firstProjects = new Map<string, { id: string; userId: string }>();
  for (const project of projects) if (!firstProjects.has(project.userId)) firstProjects.set(project.userId, project);
  let made = 0;
  for (const project of firstProjects.values()) {
    const [schedule] = await listSchedules(db, project.id);
    const [supplier] = await listSuppliers(db, project.userId);
    if (!schedule || !supplier) continue;
    const items = await approvedItems(db, schedule.id);
    if (!items.length) continue;
    const actor = { firmId: project.userId, userId: project.userId };
    const order = await raisePurchaseOrder(db, actor, schedule, { scheduleId: schedule.id, supplierId: supplier.id, itemIds: items.map((i) => i.id), notes: 'Deliver to site between 10 am and 5 pm; call the site supervisor on arrival.' });
    if (made === 0) {
      await changeStatus(db, actor, order.id, 'acknowledge');
      const [first] = await orderLines(db, order.id);
      if (first) await receiveLines(db, actor, order.id, [{ lineId: first.id, receivedQuantity: Math.max(1, Math.floor(first.quantity / 2)) }]);
    }
    made += 1;
  }
  return made;
}
