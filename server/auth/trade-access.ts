import { isId } from '../contract/http.js';
import { PURCHASE_ORDER_MESSAGES as M } from '../contract/purchase-orders-rules.js';
import type { Database } from '../db/connection.js';
import { forbidden, notFound } from '../errors.js';
import { findPurchaseOrder, type PurchaseOrderRow } from '../queries/purchase-orders.js';
import { requireFirmAccess } from './firm.js';
import { canSeeMargins } from './margins.js';
import { requireProjectAccess, type ProjectAccess } from './project-access.js';
import type { Session } from './session.js';

/**
 * Purchase orders carry trade prices (docs/decisions/258, 285): a caller must reach the project
 * (404 otherwise, as everywhere) and see margins (403 otherwise): the firm, its sub-admins and
 * employees granted "Can see financials" who are members of the project.
 */
export async function requireTradeProject(db: Database, session: Session, projectId: string): Promise<ProjectAccess> {
  const access = await requireProjectAccess(db, session, projectId, 'work');
  if (!canSeeMargins(session.user)) throw forbidden(M.tradeOnly);
  return access;
}

/** An order of the caller's firm, on a project the caller reaches, for a caller who sees trade prices. */
export async function requireTradeOrder(db: Database, session: Session, orderId: string): Promise<{ order: PurchaseOrderRow; access: ProjectAccess }> {
  const firm = requireFirmAccess(session.user, 'work');
  const order = isId(orderId) ? await findPurchaseOrder(db, firm.firmId, orderId) : undefined;
  if (!order) throw notFound(M.notFound);
  try {
    return { order, access: await requireTradeProject(db, session, order.projectId) };
  } catch (error) {
    // A project the caller cannot reach hides its orders as well.
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) throw notFound(M.notFound);
    throw error;
  }
}
