import { describe, it } from 'vitest';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { createBillingProfile } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { createSummaryTree } from '../server/seed/summary-tree';
import { raisePurchaseOrder } from '../server/services/purchase-orders';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * The client proposal and the purchase orders in the workspace access table
 * (docs/decisions/285, 286). The proposal holds client prices only: `work`, any member. Purchase
 * orders hold trade prices: allowed exactly for those who see margins, which among the table's
 * callers is the `manage` column (the member employee lacks "Can see financials"; an employee
 * granted it is allowed, tested in server/routes/purchase-orders/purchase-orders.test.ts).
 */

const access = useAccessWorld();
let profileMade = false;

/** A schedule of the call's project with an approved section of one product, a supplier, and an order the firm raised. */
async function order({ world, project }: Omit<AccessContext, 'data'>) {
  const { db } = world.api;
  const firmId = world.users.firm.id;
  if (!profileMade) await createBillingProfile(db, firmId);
  profileMade = true;
  const schedule = await insertSchedule(db, { id: newId(), projectId: project.id, userId: firmId, title: 'Living', description: 'd', images: [] });
  const tree = await createSummaryTree(db, { scheduleId: schedule.id, firmId }, [{ name: 'Living', sections: [{ title: 'Seating', status: 'approved', items: [{ title: 'Chair', retailPrice: 500_000, tradePrice: 300_000, quantity: 2 }] }] }]);
  const supplier = await createContact(db, firmId, { kind: 'supplier', email: 'supplier@example.test', state: 'Maharashtra' });
  const itemId = tree.rooms[0]!.sections[0]!.items[0]!;
  const raised = await raisePurchaseOrder(db, { firmId, userId: firmId }, schedule, { scheduleId: schedule.id, supplierId: supplier.id, itemIds: [itemId], notes: '' });
  const lineId = (await db.query.purchaseOrderLines.findFirst({ where: (l, { eq }) => eq(l.orderId, raised.id) }))!.id;
  return { scheduleId: schedule.id, supplierId: supplier.id, itemId, orderId: raised.id, lineId };
}

const trade = (e: Omit<AccessEndpoint, 'kind' | 'setup'>): AccessEndpoint => ({ kind: 'manage', setup: order, ...e });
const PDF = Buffer.from('%PDF-1.4\n').toString('base64');

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'work', setup: order, url: ({ data }) => `/api/proposals/schedules/${data.scheduleId}` },
  trade({ method: 'GET', name: 'GET /api/purchase-orders?projectId=', url: ({ project }) => `/api/purchase-orders?projectId=${project.id}` }),
  trade({ method: 'GET', name: 'GET /api/purchase-orders/candidates?projectId=', url: ({ project }) => `/api/purchase-orders/candidates?projectId=${project.id}` }),
  trade({ method: 'POST', url: () => '/api/purchase-orders', body: ({ data }) => ({ scheduleId: data.scheduleId, supplierId: data.supplierId, itemIds: [data.itemId] }), allowed: [201] }),
  trade({ method: 'GET', url: ({ data }) => `/api/purchase-orders/${data.orderId}` }),
  trade({ method: 'GET', url: ({ data }) => `/api/purchase-orders/${data.orderId}/print` }),
  trade({ method: 'POST', url: ({ data }) => `/api/purchase-orders/${data.orderId}/acknowledge` }),
  trade({ method: 'POST', url: ({ data }) => `/api/purchase-orders/${data.orderId}/cancel` }),
  trade({ method: 'POST', url: ({ data }) => `/api/purchase-orders/${data.orderId}/receive`, body: ({ data }) => ({ lines: [{ lineId: data.lineId, receivedQuantity: 1 }] }) }),
  trade({ method: 'POST', url: ({ data }) => `/api/purchase-orders/${data.orderId}/mail`, body: () => ({ pdf: PDF }) }),
];

describe('the proposal and purchase-order access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
