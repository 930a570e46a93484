import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PurchaseOrderParty } from '../../contract/purchase-orders-rules';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { contacts } from './contacts-chat';
import { projects } from './projects';
import { summaryItems } from './summary';
import { schedules } from './workspace';

// Purchase orders (docs/decisions/285) ------------------------------------------


/**
 * An order to a supplier (an Address Book contact marked Supplier) for approved items of one
 * schedule, at trade price. Numbered on raising (`document_counters`, kind `purchase-order`), so
 * there is no draft. `status`: sent → acknowledged → partly_received | received, or cancelled
 * (server/contract/purchase-orders-rules.ts). The money columns are the sums of its lines
 * (server/money/totals.ts), in paise.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The schedule its lines came from; the order stays when the schedule goes. */
    scheduleId: text('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    supplierId: text('supplier_id').references(() => contacts.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    status: text('status').notNull(),
    /** The firm (buyer) and the supplier as printed. */
    buyer: jsonb('buyer').$type<PurchaseOrderParty>().notNull(),
    supplier: jsonb('supplier').$type<PurchaseOrderParty>().notNull(),
    /** 'intra' (CGST + SGST) or 'inter' (IGST): the supplier's state against the firm's. */
    supply: text('supply').notNull(),
    notes: text('notes').notNull().default(''),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    cgst: bigint('cgst', { mode: 'number' }).notNull(),
    sgst: bigint('sgst', { mode: 'number' }).notNull(),
    igst: bigint('igst', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_firm_number_idx').on(t.firmId, t.number),
    index('purchase_orders_project_idx').on(t.projectId, t.issuedAt),
    // The Financial overview's committed sums (orders not cancelled) per project of a firm.
    index('purchase_orders_firm_committed_idx').on(t.firmId, t.projectId).where(sql`${t.status} <> 'cancelled'`),
    index('purchase_orders_schedule_idx').on(t.scheduleId),
    index('purchase_orders_supplier_idx').on(t.supplierId),
    index('purchase_orders_created_by_idx').on(t.createdBy),
    index('purchase_orders_updated_by_idx').on(t.updatedBy),
  ],
);

/** One line of an order: an approved item's text and trade price, frozen, and how many have arrived. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The summary item it came from; the line stays when the item goes. */
    itemId: text('item_id').references(() => summaryItems.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    hsnSac: text('hsn_sac').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Trade price per unit, paise. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    index('purchase_order_lines_item_idx').on(t.itemId),
    index('purchase_order_lines_firm_idx').on(t.firmId),
  ],
);
