import { z } from 'zod/v4';
import { ScheduleImage, ScheduleListReply } from './schedules.js';
import { titleText } from './text-fields.js';
import { ErrorReply, IdParams, StaleReply, VersionField } from './http.js';
import { operationsOf, type Operation } from './operation.js';
import {
  ITEM_TEXT_FIELDS,
  SUMMARY_ITEM_TYPES,
  SUMMARY_LIMITS as L,
  SUMMARY_MESSAGES as M,
  SUMMARY_STATUSES,
} from './summary-rules.js';
import { isUqc, parseQuantity, type Uqc } from './quantity.js';

/**
 * A schedule's summary (rooms → sections → items, images, cards; DESIGN.md sections 8 and 9,
 * docs/decisions/100–104): the bodies the api validates and the shape it answers. The plain
 * rules and the figure formulas are in summary-rules.ts (browser-safe), re-exported here.
 */
export * from './summary-rules.js';

const text = (max: number) => z.string({ error: 'Must be text' }).max(max, `At most ${max} characters`);
const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is at most ${max}`);

export const SummaryStatus = z.enum(SUMMARY_STATUSES, { error: `status is one of ${SUMMARY_STATUSES.join(', ')}` });
export type SummaryStatus = z.infer<typeof SummaryStatus>;
export const SummaryItemType = z.enum(SUMMARY_ITEM_TYPES, { error: `type is one of ${SUMMARY_ITEM_TYPES.join(', ')}` });
export type SummaryItemType = z.infer<typeof SummaryItemType>;

// Bodies --------------------------------------------------------------------------------------

export const RoomBody = z.object({ name: titleText(M.roomNameRequired, L.roomName) });
/** A rename: the name and the version of the room it was typed over (docs/decisions/320). */
export const RoomChangesBody = RoomBody.extend({ version: VersionField });
export const NewSectionBody = z.object({ title: titleText(M.sectionTitleRequired, L.sectionTitle).optional() });
export const SectionChangesBody = z
  .object({ title: titleText(M.sectionTitleRequired, L.sectionTitle).optional(), status: SummaryStatus.optional(), version: VersionField })
  .refine((b) => b.title !== undefined || b.status !== undefined, { message: 'Send a title or a status to change', when: (p) => p.issues.length === 0 });
export const NewItemBody = z.object({ type: SummaryItemType });

/**
 * A quantity as typed or sent: a number or its text ("12.5", "3.25"), at most three decimals, from
 * 0 to SUMMARY_LIMITS.quantity; its output is thousandths of the unit (decision 403), never a float.
 */
const quantity = z.union([z.number(), z.string()], { error: M.quantityRange }).transform((v, ctx) => {
  const milli = parseQuantity(typeof v === 'number' ? String(v) : v);
  if (milli === null || milli > L.quantity * 1000) {
    ctx.addIssue({ code: 'custom', message: M.quantityRange });
    return z.NEVER;
  }
  return milli;
});

/** The figures of an item, as stored: paise per unit, its quantity (thousandths out), the discount in basis points. */
export const ItemMoneyFields = {
  retailPrice: wholeNumber('Retail Price', L.pricePaise),
  tradePrice: wholeNumber('Trade Price', L.pricePaise),
  quantity,
  discountBp: wholeNumber('Discount', L.discountBp),
};
/** A priced item's unit, a code of GST's UQC list (upper case or not). */
export const ItemUnit = z
  .string({ error: M.unit })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isUqc, M.unit)
  .transform((v) => v as Uqc);

/**
 * A change of one item: any of its texts and figures, and the `version` the editor loaded (required,
 * docs/decisions/320): a change made meanwhile by someone else answers 409 instead of being
 * overwritten. A required text left blank answers 400 with the spec's "Please fill all required fields".
 */
export const ItemChangesBody = z.object({
  version: VersionField,
  title: text(L.itemTitle).optional(),
  description: text(L.itemDescription).optional(),
  title1: text(L.itemTitle).optional(),
  description1: text(L.itemDescription).optional(),
  retailPrice: ItemMoneyFields.retailPrice.optional(),
  tradePrice: ItemMoneyFields.tradePrice.optional(),
  /** Text or a number ("12.5"); as thousandths once read (decision 403). */
  quantity: ItemMoneyFields.quantity.optional(),
  unit: ItemUnit.optional(),
  discountBp: ItemMoneyFields.discountBp.optional(),
});
export type ItemChanges = z.infer<typeof ItemChangesBody>;
/** A change as sent: the quantity as text ("12.5") or a number of units. */
export type ItemChangesInput = z.input<typeof ItemChangesBody>;

/** Save all: every edited item of one schedule at once, all or nothing. */
export const SaveAllBody = z.object({
  items: z
    .array(ItemChangesBody.extend({ id: z.string().max(64) }), { error: 'items must be a list' })
    .min(1, 'Nothing to save')
    .max(2000, 'Too many items at once'),
});

/** A move: to position `index` (0-based) of the parent, another parent when named (a section's room, an item's section). */
export const MoveBody = z.object({
  index: z.number({ error: 'index must be a number' }).int('index must be a whole number').min(0).max(10_000),
  parentId: z.string().max(64).optional(),
});

/** Images for an item: ids (or urls) the schedule image upload answered, appended in order. */
export const ItemImagesBody = z.object({
  images: z
    .array(z.string().trim().min(1, M.imageMissing).max(300, M.imageMissing), { error: 'images must be a list of image ids' })
    .min(1, 'Choose at least one image')
    .max(L.imagesPerItem, M.imagesMax),
});

export const CardBody = z.object({
  title: titleText('Card title cannot be empty', L.cardTitle),
  description: text(L.cardDescription).trim().default(''),
});
export const CardChangesBody = CardBody.partial();

export const ScheduleIdParams = z.object({ scheduleId: z.string().max(64) });
export const ItemImageParams = z.object({ id: z.string().max(64), imageId: z.string().max(80) });

// Replies -------------------------------------------------------------------------------------

export const FiguresJson = z.object({ clientPrice: z.number(), tradeCost: z.number(), netProfit: z.number(), markup: z.number() });

export const SummaryItemJson = z.object({
  id: z.string(),
  sectionId: z.string(),
  type: SummaryItemType,
  position: z.number(),
  version: z.number(),
  ...Object.fromEntries(ITEM_TEXT_FIELDS.map((f) => [f, z.string()])) as Record<(typeof ITEM_TEXT_FIELDS)[number], z.ZodString>,
  retailPrice: z.number(),
  tradePrice: z.number(),
  /** The exact quantity as text: "12.5", "1" (decision 403). */
  quantity: z.string(),
  /** A code of GST's UQC list. */
  unit: z.string(),
  discountBp: z.number(),
  figures: FiguresJson,
  images: z.array(ScheduleImage),
});
export type SummaryItemJson = z.infer<typeof SummaryItemJson>;

export const SummaryCardJson = z.object({ id: z.string(), sectionId: z.string(), title: z.string(), description: z.string(), position: z.number() });
export type SummaryCardJson = z.infer<typeof SummaryCardJson>;

export const SummarySectionJson = z.object({
  id: z.string(),
  roomId: z.string(),
  title: z.string(),
  status: SummaryStatus,
  position: z.number(),
  version: z.number(),
  totals: FiguresJson,
  items: z.array(SummaryItemJson),
  cards: z.array(SummaryCardJson),
});
export type SummarySectionJson = z.infer<typeof SummarySectionJson>;

export const SummaryRoomJson = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  version: z.number(),
  totals: FiguresJson,
  sections: z.array(SummarySectionJson),
});
export type SummaryRoomJson = z.infer<typeof SummaryRoomJson>;

/** A room or section as a stale rename's 409 names it (docs/decisions/320): its own fields, not its contents. */
export const SummaryRoomStale = StaleReply(z.object({ id: z.string(), name: z.string(), version: z.number() }));
export const SummarySectionStale = StaleReply(z.object({ id: z.string(), title: z.string(), status: SummaryStatus, version: z.number() }));


export const SummaryJson = z.object({
  schedule: z.object({ id: z.string(), projectId: z.string(), title: z.string() }),
  rooms: z.array(SummaryRoomJson),
  totals: FiguresJson,
});
export type SummaryJson = z.infer<typeof SummaryJson>;

/** GET /api/projects/summary/{scheduleId}: the whole summary with the api's figures and order. */
export const SummaryReply = z.object({ data: SummaryJson });
export type SummaryReply = z.infer<typeof SummaryReply>;
/**
 * `GET /api/projects/schedules/{projectId}?summary=…`: the project's schedules with the summary of
 * the one named (null when the project has no such schedule).
 */
export const ScheduleListWithSummaryReply = z.object({
  data: ScheduleListReply.shape.data.extend({
    summary: SummaryJson.nullable().optional(),
    /** Whether the caller sees and edits trade prices, profit and markup (docs/decisions/258). */
    canSeeMargins: z.boolean().optional(),
  }),
});
export type ScheduleListWithSummaryReply = z.infer<typeof ScheduleListWithSummaryReply>;
/** A write of the structure: what it did, and the id of what it made or changed (the editor reloads the summary). */
export const SummaryWriteReply = z.object({ message: z.string(), id: z.string() });
export type SummaryWriteReply = z.infer<typeof SummaryWriteReply>;
/** A change of one item answers the item with the api's figures. */
export const SummaryItemReply = z.object({ data: SummaryItemJson });
export type SummaryItemReply = z.infer<typeof SummaryItemReply>;
/** Save all answers every saved item. */
export const SaveAllReply = z.object({ message: z.string(), data: z.object({ items: z.array(SummaryItemJson) }) });
export type SaveAllReply = z.infer<typeof SaveAllReply>;

// Margins (docs/decisions/258) ---------------------------------------------------

/**
 * The margins of a summary (an item's trade price; trade cost, net profit and markup of every
 * figure) reach only the firm, its sub-admins and employees granted "Can see financials"; the api
 * leaves them out for everyone else (server/auth/margins.ts). The replies' schemas below say so
 * (margins optional) and are what the api validates and documents. The web keeps reading the full
 * types above and shows those columns only where the loader's `canSeeMargins` is true.
 */
export const MARGIN_FIELDS = ['tradePrice', 'tradeCost', 'netProfit', 'markup'] as const;
const SeenFigures = FiguresJson.partial({ tradeCost: true, netProfit: true, markup: true });
const SeenItem = SummaryItemJson.extend({ tradePrice: z.number().optional(), figures: SeenFigures });
const SeenSection = SummarySectionJson.extend({ totals: SeenFigures, items: z.array(SeenItem) });
const SeenRoom = SummaryRoomJson.extend({ totals: SeenFigures, sections: z.array(SeenSection) });
export const SeenSummaryJson = SummaryJson.extend({ rooms: z.array(SeenRoom), totals: SeenFigures });
export const SeenSummaryReply = z.object({ data: SeenSummaryJson });
export const SeenScheduleListWithSummaryReply = z.object({ data: ScheduleListWithSummaryReply.shape.data.extend({ summary: SeenSummaryJson.nullable().optional() }) });
export const SeenSummaryItemReply = z.object({ data: SeenItem });
export const SeenSaveAllReply = z.object({ message: z.string(), data: z.object({ items: z.array(SeenItem) }) });
/** An item's 409 (docs/decisions/320): its current values, margins left out as in its 200. */
export const SummaryItemStale = StaleReply(SeenItem);

type SeenFigures = z.infer<typeof SeenFigures>;
type SeenSummary = z.infer<typeof SeenSummaryJson>;
const seenFigures = (f: SeenFigures): z.infer<typeof FiguresJson> => ({ ...f, tradeCost: f.tradeCost ?? 0, netProfit: f.netProfit ?? 0, markup: f.markup ?? 0 });

/**
 * A summary as the web reads it (the full type): the margins the api left out read as 0, so that
 * the editor's live totals add numbers (not `undefined`, which made NaN and a 500 for an employee
 * without "Can see financials"). They are never shown to those callers (`canSeeMargins` false).
 */
export function withMarginsAsZero(summary: SeenSummary): SummaryJson {
  return {
    ...summary,
    totals: seenFigures(summary.totals),
    rooms: summary.rooms.map((room) => ({
      ...room,
      totals: seenFigures(room.totals),
      sections: room.sections.map((section) => ({
        ...section,
        totals: seenFigures(section.totals),
        items: section.items.map((item) => ({ ...item, tradePrice: item.tradePrice ?? 0, figures: seenFigures(item.figures) })),
      })),
    })),
  };
}

const op = operationsOf('workspace', ['summary']);
/** A row of another schedule or gone is 404; a full parent, a taken name or a stale version 409. */
const errors = { 404: ErrorReply, 409: ErrorReply } as const;
const created = { 201: SummaryWriteReply, ...errors } as const;
const done = { 200: SummaryWriteReply, ...errors } as const;
/** A row's write: its id in the path, what it does, its body. */
const rowWrite = <const M extends Operation['method'], const P extends string, const B extends z.ZodType | undefined, const R extends Operation['replies']>(method: M, path: P, summary: string, body: B, replies: R) =>
  op({ method, path, summary, params: IdParams, ...(body ? { body } : {}), replies } as { method: M; path: P; summary: string; params: typeof IdParams; body: B; replies: R });

/**
 * A schedule's summary's operations (docs/decisions/101, 102, 370), scope `workspace`, for those
 * who may work on its project: the api registers them (server/routes/projects/summary/) and the web
 * calls them (app/models/workspace-summary.server.ts).
 */
export const summaryOperations = {
  get: op({
    method: 'GET',
    path: '/projects/summary/:scheduleId',
    summary: "A schedule's summary: rooms → sections → items with figures and totals",
    params: ScheduleIdParams,
    replies: { 200: SeenSummaryReply, ...errors },
  }),
  addRoom: op({ method: 'POST', path: '/projects/summary/:scheduleId/rooms', summary: 'Add a room at the end', params: ScheduleIdParams, body: RoomBody, replies: created }),
  renameRoom: rowWrite('PUT', '/projects/summary/rooms/:id', 'Rename a room from the `version` read; 409 with the current name when renamed meanwhile', RoomChangesBody, { ...done, 409: SummaryRoomStale }),
  addSection: rowWrite('POST', '/projects/summary/rooms/:id/sections', 'Add a section at the end of a room', NewSectionBody, created),
  updateSection: rowWrite(
    'PUT',
    '/projects/summary/sections/:id',
    'Rename a section or change its status (none, approved, in_review, rejected) from the `version` read; 409 with the current section when changed meanwhile',
    SectionChangesBody,
    { ...done, 409: SummarySectionStale },
  ),
  addCard: rowWrite('POST', '/projects/summary/sections/:id/cards', `Add an extra specification card to a section (at most ${L.cardsPerSection})`, CardBody, created),
  updateCard: rowWrite('PUT', '/projects/summary/cards/:id', 'Change a card', CardChangesBody, done),
  deleteCard: rowWrite('DELETE', '/projects/summary/cards/:id', 'Delete a card', undefined, done),
  addItem: rowWrite('POST', '/projects/summary/sections/:id/items', 'Add an item (product, description, title or financial) at the end of a section', NewItemBody, created),
  // 413: a body past BODY_LIMITS.item.
  updateItem: rowWrite(
    'PUT',
    '/projects/summary/items/:id',
    'Change an item’s texts and figures from the `version` read; a change made meanwhile by someone else answers 409 with the current item',
    ItemChangesBody,
    { 200: SeenSummaryItemReply, ...errors, 409: SummaryItemStale, 413: ErrorReply },
  ),
  // 413: a body past BODY_LIMITS.saveAll.
  saveAll: op({
    method: 'PUT',
    path: '/projects/summary/:scheduleId/items',
    summary: 'Save all: change several items of a schedule at once, all or nothing (400 when a required text is blank, 409 when one changed meanwhile)',
    params: ScheduleIdParams,
    body: SaveAllBody,
    replies: { 200: SeenSaveAllReply, ...errors, 413: ErrorReply },
  }),
  addItemImages: rowWrite(
    'POST',
    '/projects/summary/items/:id/images',
    `Add images to an item (ids the schedule image upload answered; at most ${L.imagesPerItem} per item)`,
    ItemImagesBody,
    { 201: SeenSummaryItemReply, ...errors },
  ),
  deleteItemImage: op({
    method: 'DELETE',
    path: '/projects/summary/items/:id/images/:imageId',
    summary: 'Remove an image from an item (its stored files are deleted)',
    params: ItemImageParams,
    replies: { 200: SeenSummaryItemReply, ...errors },
  }),
  moveItemImage: op({
    method: 'POST',
    path: '/projects/summary/items/:id/images/:imageId/move',
    summary: 'Move an image of an item to position `index`',
    params: ItemImageParams,
    body: MoveBody,
    replies: { 200: SeenSummaryItemReply, ...errors },
  }),
  moveRoom: rowWrite('POST', '/projects/summary/rooms/:id/move', 'Move a room to position `index`', MoveBody, done),
  moveSection: rowWrite('POST', '/projects/summary/sections/:id/move', 'Move a section to position `index` of its room, or of the room `parentId`', MoveBody, done),
  moveItem: rowWrite('POST', '/projects/summary/items/:id/move', 'Move an item to position `index` of its section, or of the section `parentId` (of the same schedule)', MoveBody, done),
  deleteRoom: rowWrite('DELETE', '/projects/summary/rooms/:id', 'Delete a room with its sections and items', undefined, done),
  deleteSection: rowWrite('DELETE', '/projects/summary/sections/:id', 'Delete a section with its items and cards', undefined, done),
  deleteItem: rowWrite('DELETE', '/projects/summary/items/:id', 'Delete an item and its images', undefined, done),
  copySection: rowWrite('POST', '/projects/summary/sections/:id/copy', 'Copy a section (its items without images, and its cards) right after it', undefined, created),
  copyItem: rowWrite('POST', '/projects/summary/items/:id/copy', 'Copy an item (texts and figures, not its images) right after it', undefined, created),
} as const;
