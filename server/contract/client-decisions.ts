import { z } from 'zod/v4';
import { ErrorReply } from './http.js';
import { operationsOf } from './operation.js';
import { ClientDecisionBody, ClientItemDecisionReply, TokenItemParams } from './share-links.js';
import { SHARE_DECISIONS } from './share-links-rules.js';
import { ProjectIdParams } from './schedules.js';

/**
 * Client decisions item by item and the project's dated decision log (docs/decisions/412, 413).
 * The client decides through an approval link (scope `public`, the token is the key; a link of a
 * portal also wants the proof of the contact's address, decision 391); the log is the firm's, with
 * the Client Board's access: whoever sees the project (scope `workspace`).
 */

/** One decision as the log prints it: who, what, when, through which link, in their words. */
export const DecisionLogEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  scheduleTitle: z.string(),
  sectionName: z.string(),
  /** The item decided on; null for the whole section. */
  itemName: z.string().nullable(),
  decision: z.enum(SHARE_DECISIONS),
  comment: z.string(),
  /** The link it came through: who it was made for, when, by whom, and whether a client portal shared it. */
  link: z.object({ id: z.string(), clientName: z.string(), createdAt: z.string(), createdByName: z.string().nullable(), viaPortal: z.boolean() }),
});
export type DecisionLogEntry = z.infer<typeof DecisionLogEntry>;

export const DecisionLog = z.object({
  firm: z.object({ name: z.string(), timeZone: z.string() }),
  project: z.object({ id: z.string(), name: z.string() }),
  /** When the log was read: the PDF's "as of". */
  asOf: z.string(),
  /** Oldest first, as a log reads. */
  entries: z.array(DecisionLogEntry),
});
export type DecisionLog = z.infer<typeof DecisionLog>;
export const DecisionLogReply = z.object({ data: DecisionLog });
export type DecisionLogReply = z.infer<typeof DecisionLogReply>;

const client = operationsOf('public', ['client approval links']);
const firm = operationsOf('workspace', ['client approval links']);

export const clientDecisionOperations = {
  decideItem: client({
    method: 'POST',
    path: '/share/:token/items/:itemId/decision',
    summary: "The client approves or rejects one item, with a comment (required to reject): every decision is kept, and the item's section follows from its items",
    params: TokenItemParams,
    body: ClientDecisionBody,
    replies: { 200: ClientItemDecisionReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 410: ErrorReply, 429: ErrorReply },
  }),
  log: firm({
    method: 'GET',
    path: '/projects/:projectId/decision-log',
    summary: "A project's client decisions, oldest first, each with its link and comment (the printable decision log)",
    params: ProjectIdParams,
    replies: { 200: DecisionLogReply, 404: ErrorReply },
  }),
} as const;
