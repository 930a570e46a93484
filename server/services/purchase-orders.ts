import { ItemTaxes, DEFAULT_ITEM_TAXES } from '../contract/billing.js';
import type { PricedItemType } from '../contract/billing-rules.js';
import {
  canDo,
  PURCHASE_ORDER_MESSAGES as M,
  PURCHASE_ORDER_PREFIX,
  statusAfterReceiving,
  type NewPurchaseOrderBody,
  type PurchaseOrderAction,
  type PurchaseOrderParty,
  type PurchaseOrderStatus,
} from '../contract/purchase-orders.js';
import type { Database } from '../db/connection.js';
import { badRequest, conflict } from '../errors.js';
import { documentAmounts, supplyKind } from '../money/totals.js';
import { formatDocumentNumber } from '../money/numbering.js';
import { findContact } from '../queries/address-book.js';
import { onceByKey } from '../queries/money-write-keys.js';
import { recordAudit } from '../queries/audit.js';
import { findBillingProfile } from '../queries/billing.js';
import { nextDocumentSequence } from '../queries/document-numbers.js';
import {
  approvedItems,
  findPurchaseOrder,
  insertPurchaseOrder,
  orderLines,
  setReceivedQuantity,
  updatePurchaseOrder,
  type PurchaseOrderRow,
} from '../queries/purchase-orders.js';
import type { FirmMail } from './firm-mail.js';
import { wholeQuantity } from '../contract/quantity.js';

/**
 * Purchase orders (docs/decisions/285): raised from approved items at trade
 * price, numbered in the firm's `purchase-order` series in the raising transaction (gapless),
 * then acknowledged, received line by line, or cancelled; each change is audited. The caller
 * has already checked access (server/auth/trade-access.ts).
 */

type Actor = { firmId: string; userId: string };
type RaiseInput = NewPurchaseOrderBody & { itemIds: string[]; notes: string };

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** Raises an order: checks the supplier, the billing profile and the items, numbers it and stores it. */
export async function raisePurchaseOrder(db: Database, actor: Actor, schedule: { id: string; projectId: string }, body: RaiseInput, now = new Date()): Promise<PurchaseOrderRow> {
  const supplier = await findContact(db, actor.firmId, body.supplierId);
  if (!supplier) throw fieldError('supplierId', M.supplierUnknown);
  if (!supplier.isSupplier) throw fieldError('supplierId', M.notSupplier);
  const profile = await findBillingProfile(db, actor.firmId);
  if (!profile) throw conflict(M.noBillingProfile);
  const approved = new Map((await approvedItems(db, schedule.id)).map((item) => [item.id, item]));
  const items = body.itemIds.map((id) => approved.get(id));
  if (items.some((item) => !item)) throw fieldError('itemIds', M.itemNotApproved);
  const parsed = ItemTaxes.safeParse(profile.itemTaxes);
  const taxes = parsed.success ? parsed.data : DEFAULT_ITEM_TAXES;
  const chosen = items.map((item) => ({ ...item!, tax: taxes[item!.type as PricedItemType] }));
  const supply = supplyKind(profile.state, supplier.state);
  const amounts = documentAmounts(
    chosen.map((item) => ({ quantityMilli: wholeQuantity(item.quantity), unitPrice: item.tradePrice, discount: 0, rateBp: item.tax.rateBp })),
    supply,
  );
  const buyer: PurchaseOrderParty = { name: profile.legalName, address: profile.address, state: profile.state, gstin: profile.gstin ?? '', email: '' };
  const seller: PurchaseOrderParty = {
    name: supplier.company ? `${supplier.company} (${supplier.name})` : supplier.name,
    address: supplier.address,
    state: supplier.state ?? '',
    gstin: supplier.gstin ?? '',
    email: supplier.email,
  };
  const supplierId = supplier.id;
  // The same form sent twice raises one order (decision 399).
  return db.transaction((tx) => onceByKey(tx, actor.firmId, body.idempotencyKey, 'purchase-order', () => writeOrder(tx), (o) => o.id, async (doneId) => (await findPurchaseOrder(tx, actor.firmId, doneId))!));

  async function writeOrder(tx: Database) {
    const { year, sequence } = await nextDocumentSequence(tx, actor.firmId, 'purchase-order', now);
    const { taxable, cgst, sgst, igst, total } = amounts.totals;
    const order = await insertPurchaseOrder(
      tx,
      {
        firmId: actor.firmId,
        projectId: schedule.projectId,
        scheduleId: schedule.id,
        supplierId,
        number: formatDocumentNumber(PURCHASE_ORDER_PREFIX, year, sequence),
        status: 'sent',
        buyer,
        supplier: seller,
        supply,
        notes: body.notes,
        taxable,
        cgst,
        sgst,
        igst,
        total,
        issuedAt: now,
        createdBy: actor.userId,
      },
      chosen.map((item, index) => {
        const line = amounts.lines[index]!;
        return { itemId: item.id, title: item.title, description: item.description, hsnSac: item.tax.hsnSac, quantity: item.quantity, unitPrice: line.unitPrice, rateBp: line.rateBp, taxable: line.taxable, tax: line.tax, total: line.total };
      }),
    );
    await recordAudit(tx, { actorId: actor.userId, firmId: actor.firmId, action: 'purchase-order.sent', targetType: 'purchase-order', targetId: order.id, details: { number: order.number, supplierId, total, lines: chosen.length } });
    return order;
  }
}

/** Acknowledged or cancelled: only from the statuses that allow it (409 otherwise). */
export async function changeStatus(db: Database, actor: Actor, orderId: string, action: Extract<PurchaseOrderAction, 'acknowledge' | 'cancel'>): Promise<void> {
  const status: PurchaseOrderStatus = action === 'acknowledge' ? 'acknowledged' : 'cancelled';
  await db.transaction(async (tx) => {
    const order = (await findPurchaseOrder(tx, actor.firmId, orderId, true))!;
    if (!canDo(action, order.status)) throw conflict(M.transition(order.status, action));
    await updatePurchaseOrder(tx, order.id, { status });
    await recordAudit(tx, { actorId: actor.userId, firmId: actor.firmId, action: `purchase-order.${status}`, targetType: 'purchase-order', targetId: order.id, details: { number: order.number, from: order.status } });
  });
}

/** Sets the received quantity of the lines named (as counted now, 0 to the quantity ordered); the status follows. */
export async function receiveLines(db: Database, actor: Actor, orderId: string, counted: ReadonlyArray<{ lineId: string; receivedQuantity: number }>): Promise<void> {
  await db.transaction(async (tx) => {
    const order = (await findPurchaseOrder(tx, actor.firmId, orderId, true))!;
    if (!canDo('receive', order.status)) throw conflict(M.transition(order.status, 'receive'));
    const lines = await orderLines(tx, order.id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    counted.forEach(({ lineId, receivedQuantity }, index) => {
      const line = byId.get(lineId);
      if (!line) throw fieldError(`lines.${index}.lineId`, M.lineUnknown);
      if (receivedQuantity > line.quantity) throw fieldError(`lines.${index}.receivedQuantity`, M.receivedRange);
    });
    const changed = counted.filter(({ lineId, receivedQuantity }) => byId.get(lineId)!.receivedQuantity !== receivedQuantity);
    for (const { lineId, receivedQuantity } of changed) {
      await setReceivedQuantity(tx, lineId, receivedQuantity);
      byId.get(lineId)!.receivedQuantity = receivedQuantity;
    }
    const status = statusAfterReceiving([...byId.values()]);
    await updatePurchaseOrder(tx, order.id, { status });
    await recordAudit(tx, {
      actorId: actor.userId,
      firmId: actor.firmId,
      action: 'purchase-order.received',
      targetType: 'purchase-order',
      targetId: order.id,
      details: { number: order.number, status, lines: changed.map(({ lineId, receivedQuantity }) => ({ lineId, receivedQuantity })) },
    });
  });
}

/** A PDF file's first bytes. */
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** The file name of an order's PDF: its number with the slashes made dashes. */
export const orderPdfName = (number: string) => `Purchase-order-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * Mails the order's PDF (made by the web from the order's own print data) to the supplier's
 * address as stored on the order, through the firm's mail (verified firms only, its allowance,
 * audited as `mail.sent`); then records when it went.
 */
export async function mailPurchaseOrder(db: Database, firmMail: FirmMail, actor: Actor & { email: string }, order: PurchaseOrderRow, pdfBase64: string): Promise<string> {
  if (!canDo('mail', order.status)) throw conflict(M.transition(order.status, 'mail'));
  const to = order.supplier.email;
  if (!to) throw conflict(M.noSupplierEmail);
  const pdf = Buffer.from(pdfBase64, 'base64');
  if (!isPdf(pdf)) throw fieldError('pdf', M.pdfInvalid);
  await firmMail.send(
    { firmId: actor.firmId, actorId: actor.userId, kind: 'purchase-order', target: { type: 'purchase-order', id: order.id } },
    {
      to,
      subject: `Purchase order ${order.number} from ${order.buyer.name}`,
      text: `Dear ${order.supplier.name},\n\nPlease find attached our purchase order ${order.number}. Kindly acknowledge it and let us know the delivery date.\n\nRegards,\n${order.buyer.name}`,
      fromName: order.buyer.name,
      ...(actor.email ? { replyTo: actor.email } : {}),
      attachments: [{ filename: orderPdfName(order.number), content: pdf, contentType: 'application/pdf' }],
    },
  );
  await updatePurchaseOrder(db, order.id, { mailedAt: new Date() });
  return to;
}
