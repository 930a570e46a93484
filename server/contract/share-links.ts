import { z } from 'zod/v4';
import { bodyErrors, ErrorReply, IdParams } from './http.js';
import { binary, operationsOf } from './operation.js';
import { ScheduleImageQuery } from './schedules.js';
import { wellFormed } from './text-fields.js';
import {
  SHARE_CLIENT_NAME_MAX,
  SHARE_COMMENT_MAX,
  SHARE_DECISIONS,
  SHARE_EXPIRY_DAYS,
  SHARE_EXPIRY_DEFAULT_DAYS,
  SHARE_MESSAGES,
} from './share-links-rules.js';

/**
 * Client approval links (DESIGN.md section 9, docs/decisions/106): what the firm sends to make and
 * revoke links, what the client sends to decide on a section, and the shapes answered. The client's
 * view of the summary has no trade price, net profit or markup: those fields do not exist in
 * `ClientSummary` at all, so no mapping can leak them.
 */
export * from './share-links-rules.js';

/** POST /api/projects/schedules/{scheduleId}/share-links */
export const CreateShareLinkBody = z.object({
  clientName: z
    .string()
    .trim()
    .max(SHARE_CLIENT_NAME_MAX, `At most ${SHARE_CLIENT_NAME_MAX} characters`)
    .transform(wellFormed)
    .default(''),
  expiresInDays: z.coerce
    .number({ error: 'Choose how long the link stays valid' })
    .int()
    .refine((n) => (SHARE_EXPIRY_DAYS as readonly number[]).includes(n), `Choose one of ${SHARE_EXPIRY_DAYS.join(', ')} days`)
    .default(SHARE_EXPIRY_DEFAULT_DAYS)
    .meta({ enum: [...SHARE_EXPIRY_DAYS] }),
});
export type CreateShareLinkInput = z.input<typeof CreateShareLinkBody>;

export const ScheduleIdParams = z.object({ scheduleId: z.string().max(64) });
export const TokenParams = z.object({ token: z.string().max(200) });
export const TokenSectionParams = z.object({ token: z.string().max(200), sectionId: z.string().max(64) });
export const TokenImageParams = z.object({ token: z.string().max(200), imageId: z.string().max(120) });
export const TokenItemParams = z.object({ token: z.string().max(200), itemId: z.string().max(64) });

/** POST /api/share/{token}/sections/{sectionId}/decision */
export const ClientDecisionBody = z
  .object({
    decision: z.enum(SHARE_DECISIONS, { error: SHARE_MESSAGES.decisionRequired }),
    comment: z.string().trim().max(SHARE_COMMENT_MAX, SHARE_MESSAGES.commentTooLong).transform(wellFormed).default(''),
  })
  .refine((body) => body.decision !== 'rejected' || body.comment.length > 0, { message: SHARE_MESSAGES.rejectNeedsComment, path: ['comment'] });
export type ClientDecisionInput = z.input<typeof ClientDecisionBody>;

export const ShareLink = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  scheduleId: z.string(),
  scheduleTitle: z.string(),
  clientName: z.string(),
  state: z.enum(['open', 'expired', 'revoked']),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Who revoked it (a firm shows its firm name), and why when it was not by hand (its maker left). */
  revokedByName: z.string().nullable(),
  revokeReason: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** Whether the Client Board may give its address again (open, and its token kept sealed: docs/decisions/296). */
  copyable: z.boolean(),
});
export type ShareLink = z.infer<typeof ShareLink>;

export const ShareLinkListReply = z.object({ data: z.object({ links: z.array(ShareLink) }) });
export type ShareLinkListReply = z.infer<typeof ShareLinkListReply>;

/** The made link, with its token and path: the only time the token is answered. */
export const CreatedShareLinkReply = z.object({ data: ShareLink.extend({ token: z.string(), path: z.string() }) });
export type CreatedShareLinkReply = z.infer<typeof CreatedShareLinkReply>;

export const ShareLinkReply = z.object({ data: ShareLink });

/** GET /api/projects/share-links/{id}/address: an open link's token and path again (docs/decisions/296). */
export const ShareLinkAddressReply = z.object({ data: z.object({ id: z.string(), token: z.string(), path: z.string() }) });
export type ShareLinkAddressReply = z.infer<typeof ShareLinkAddressReply>;

export const ClientDecisionJson = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  scheduleId: z.string(),
  scheduleTitle: z.string(),
  sectionId: z.string(),
  sectionName: z.string(),
  /** The item decided on, or null for the whole section (docs/decisions/412). */
  itemId: z.string().nullable(),
  itemName: z.string(),
  decision: z.enum(SHARE_DECISIONS),
  comment: z.string(),
  clientName: z.string(),
  createdAt: z.string(),
  /** Nobody of the firm has marked it read yet (docs/decisions/295). */
  unread: z.boolean(),
});
export type ClientDecisionJson = z.infer<typeof ClientDecisionJson>;

/** GET /api/projects/client-board: every open link and the latest decisions, across the projects the caller sees. */
export const ClientBoardReply = z.object({
  data: z.object({
    links: z.array(ShareLink),
    /** Links revoked in the last 30 days, with who and why. */
    revokedLinks: z.array(ShareLink),
    decisions: z.array(ClientDecisionJson),
    /** Unread decisions of the projects the caller sees (all of them, not only the ones listed). */
    unread: z.number(),
    /** The schedules a link can be made for (the board's "Share a schedule" form). */
    schedules: z.array(z.object({ id: z.string(), title: z.string(), projectId: z.string(), projectName: z.string() })),
  }),
});
export type ClientBoardReply = z.infer<typeof ClientBoardReply>;

/** GET /api/projects/client-board/unread: the sidebar's count. */
export const ClientBoardUnreadReply = z.object({ data: z.object({ unread: z.number() }) });
export type ClientBoardUnreadReply = z.infer<typeof ClientBoardUnreadReply>;

/** POST /api/projects/client-board/read: mark these decisions read, or (no ids) every unread one the caller sees. */
export const MarkDecisionsReadBody = z.object({ ids: z.array(z.string().max(64)).min(1).max(100).optional() });
export const MarkDecisionsReadReply = z.object({ message: z.string(), data: z.object({ marked: z.number(), unread: z.number() }) });
export type MarkDecisionsReadReply = z.infer<typeof MarkDecisionsReadReply>;

/** An image as the client's page shows it: urls under the link's token (no account needed). */
export const ClientImage = z.object({ id: z.string(), url: z.string(), w480: z.string(), w960: z.string(), width: z.number(), height: z.number() });

/** One decision of the client as their page shows it (docs/decisions/412). */
export const ClientDecisionEntry = z.object({ decision: z.enum(SHARE_DECISIONS), comment: z.string(), createdAt: z.string() });
export type ClientDecisionEntry = z.infer<typeof ClientDecisionEntry>;

/** An item as the client sees it: texts, images, and the price the client pays; nothing of the firm's cost. */
export const ClientItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  title1: z.string(),
  description1: z.string(),
  images: z.array(ClientImage),
  /** Financial items only: the retail price, quantity (exact text, "12.5", and its UQC unit; decision 403), discount and client price, in paise. */
  price: z
    .object({ retailPrice: z.number(), quantity: z.string(), unit: z.string(), discountPercent: z.number(), clientPrice: z.number() })
    .nullable(),
  /** What counts for the item now: its own latest decision or a later one on its whole section (docs/decisions/412). */
  decision: ClientDecisionEntry.nullable(),
  /** The client's decisions on this item alone, newest first. */
  history: z.array(ClientDecisionEntry),
});
export type ClientItem = z.infer<typeof ClientItem>;

export const ClientSection = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  items: z.array(ClientItem),
  /** The section's extra specification cards. */
  cards: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
  clientPrice: z.number(),
  /** The latest decision on the whole section through any link, if the client has decided. */
  decision: ClientDecisionEntry.nullable(),
  /** The client's decisions on the whole section, newest first (docs/decisions/412). */
  history: z.array(ClientDecisionEntry),
});
export type ClientSection = z.infer<typeof ClientSection>;

export const ClientRoom = z.object({ id: z.string(), name: z.string(), sections: z.array(ClientSection), clientPrice: z.number() });
export type ClientRoom = z.infer<typeof ClientRoom>;

export const ClientSummary = z.object({
  /** The firm's name and time zone: the client's page dates in the firm's zone (decision 265). */
  firm: z.object({ name: z.string(), timeZone: z.string() }),
  project: z.object({ name: z.string() }),
  schedule: z.object({ title: z.string(), description: z.string() }),
  clientName: z.string(),
  expiresAt: z.string(),
  rooms: z.array(ClientRoom),
  clientPrice: z.number(),
  /**
   * The client portal the link was shared through (docs/decisions/390): the way back to it, and
   * whether this browser proved the contact's address (a decision asks for it), or null.
   */
  portal: z.object({ id: z.string(), path: z.string().nullable(), proven: z.boolean() }).nullable(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

export const ClientSummaryReply = z.object({ data: ClientSummary });
export type ClientSummaryReply = z.infer<typeof ClientSummaryReply>;

export const ClientDecisionReply = z.object({ message: z.string(), data: z.object({ sectionId: z.string(), status: z.string() }) });

/** The section's status after an item's decision, which follows from its items' (docs/decisions/412). */
export const ClientItemDecisionReply = z.object({ message: z.string(), data: z.object({ sectionId: z.string(), itemId: z.string(), status: z.string() }) });
export type ClientItemDecisionReply = z.infer<typeof ClientItemDecisionReply>;
export type ClientDecisionReply = z.infer<typeof ClientDecisionReply>;

const tags = ['client approval links'] as const;
/** The firm's side: whoever may work on a schedule's project (each handler checks the project). */
const firm = operationsOf('workspace', tags);
/** The client's side: no account, the token in the path is the key; every call is rate-limited (429). */
const client = operationsOf('public', tags);
/** A token no link has (404), or a link revoked or expired (410), and the visitor's rate limit (429). */
const linkErrors = { 404: ErrorReply, 410: ErrorReply, 429: ErrorReply } as const;

/** Client approval links and the Client Board, declared once (docs/decisions/370). */
export const shareLinkOperations = {
  list: firm({
    method: 'GET',
    path: '/projects/schedules/:scheduleId/share-links',
    summary: "A schedule's client links, newest first",
    params: ScheduleIdParams,
    replies: { 200: ShareLinkListReply, 404: ErrorReply },
  }),
  create: firm({
    method: 'POST',
    path: '/projects/schedules/:scheduleId/share-links',
    summary: 'Make a client link for a schedule; the answer holds its token (the Client Board gives it again while the link is open)',
    params: ScheduleIdParams,
    body: CreateShareLinkBody,
    replies: { 201: CreatedShareLinkReply, 404: ErrorReply, 409: ErrorReply },
  }),
  revoke: firm({
    method: 'DELETE',
    path: '/projects/share-links/:id',
    summary: 'Revoke a client link (it answers 410 from now on; the record stays)',
    params: IdParams,
    replies: { 200: ShareLinkReply, 404: ErrorReply },
  }),
  address: firm({
    method: 'GET',
    path: '/projects/share-links/:id/address',
    summary: "An open link's token and path again, for whoever may make links for its project; 410 once revoked or expired",
    params: IdParams,
    replies: { 200: ShareLinkAddressReply, 404: ErrorReply, 410: ErrorReply },
  }),
  board: firm({
    method: 'GET',
    path: '/projects/client-board',
    summary: 'Every open client link and the latest client decisions, across the projects the caller sees',
    replies: { 200: ClientBoardReply },
  }),
  unread: firm({
    method: 'GET',
    path: '/projects/client-board/unread',
    summary: "Unread client decisions of the projects the caller sees (the sidebar's count)",
    replies: { 200: ClientBoardUnreadReply },
  }),
  markRead: firm({
    method: 'POST',
    path: '/projects/client-board/read',
    summary: 'Mark client decisions read: the ids given, or every unread one of the projects the caller sees (ids of other projects are left alone)',
    body: MarkDecisionsReadBody,
    replies: { 200: MarkDecisionsReadReply },
  }),

  summary: client({
    method: 'GET',
    path: '/share/:token',
    summary: "A schedule's summary as its client sees it (no trade price, profit or markup)",
    params: TokenParams,
    replies: { 200: ClientSummaryReply, ...linkErrors },
  }),
  image: client({
    method: 'GET',
    path: '/share/:token/images/:imageId',
    summary: "An image of an item of the link's schedule (WebP; ?size=480, 960 or 1600)",
    params: TokenImageParams,
    query: ScheduleImageQuery,
    replies: { 200: binary('image/webp'), 206: binary('image/webp'), ...linkErrors, 416: ErrorReply },
  }),
  decide: client({
    method: 'POST',
    path: '/share/:token/sections/:sectionId/decision',
    summary: "The client approves or rejects a section, with a comment (required to reject): the section's status changes and the firm is mailed",
    params: TokenSectionParams,
    body: ClientDecisionBody,
    // 403: a link shared through a client portal decides only for a browser that proved the contact's address (docs/decisions/391).
    replies: { 200: ClientDecisionReply, 403: ErrorReply, ...linkErrors, ...bodyErrors },
  }),
} as const;
