import { z } from 'zod/v4';
import { PAGE_MAX } from './http-rules.js';
import { CURSOR_MESSAGE, CURSOR_PATTERN, parseCursor } from './keyset-cursor.js';

/**
 * The shapes every area of the api shares (DESIGN.md section 4): the error reply, the message
 * reply, id params and one page query. Area contracts build on these instead of redefining them.
 */

export { ID_PATTERN, isId, PAGE_MAX } from './http-rules.js';

/** One field's message of an error reply; `path` is the field (`email`, `teams.0.name`). */
export const ErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/**
 * Every error the api answers: a message for people, an optional machine-readable `code` for
 * clients that branch on the kind of failure, and field details for forms.
 */
export const ErrorReply = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.array(ErrorDetail).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/** A body the api does not read: past its limit (413, docs/decisions/067) or not JSON (415). */
export const bodyErrors = { 413: ErrorReply, 415: ErrorReply } as const;

export const MessageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof MessageReply>;

/**
 * An `{id}` path segment. Any short string passes here so that a malformed id answers 404 (as an
 * unknown one does), not 400: the handler checks the shape with `isId`.
 */
export const IdParams = z.object({ id: z.string().max(64) });
export type IdParams = z.infer<typeof IdParams>;

/** `?page=` of a paged list: a whole number from 1. */
export const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(PAGE_MAX)
  .default(1);

/**
 * `?limit=` of a paged list, from 1, `defaultSize` when absent; a limit above `max` is clamped to
 * `max` rather than refused, as a client written to the spec expects (decision 143).
 */
export const pageLimit = (defaultSize: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .transform((n) => Math.min(n, max))
    .default(defaultSize);

/** `?page=&limit=` of a paged list. */
export const PageQuery = (defaultSize: number, max: number) => z.object({ page: pageNumber, limit: pageLimit(defaultSize, max) });

/**
 * Record versions (docs/decisions/320). Every editable record carries the version it was read at;
 * a change names it, and a change naming an older one answers 409 with `StaleReply`, so no edit
 * silently overwrites another. `0` names a record the client read as not yet made (a billing
 * profile never saved).
 */
export const VERSION_MESSAGES = {
  required: 'The version you read is required (reload the page and make your change again)',
  stale: 'Someone else changed this meanwhile; nothing was saved. The current values are in `current`.',
} as const;

/** The code of a 409 for a stale version: `ErrorReply.code`. */
export const STALE_CODE = 'stale';

export const VersionField = z
  .number({ error: VERSION_MESSAGES.required })
  .int(VERSION_MESSAGES.required)
  .min(0, VERSION_MESSAGES.required)
  .max(2_147_483_647, VERSION_MESSAGES.required);

/**
 * A money write's idempotency key (decision 399): a form's hidden field, made when the page was
 * rendered, so a double submit or a retried request gives the same document. Optional for api
 * callers that do not retry.
 */
export const IdempotencyKey = z
  .string({ error: 'An idempotency key is text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'An idempotency key is 8 to 100 letters, digits, "-" or "_"')
  .optional();

/** `{ version }`, the part every change body adds to its fields. */
export const VersionBody = z.object({ version: VersionField });

/** A change body: the fields of `schema` (refinements and transforms kept) and the required `version`. */
export const withVersion = <S extends z.ZodType<object>>(schema: S) => z.intersection(schema, VersionBody);

/** Who made the change a stale write lost to: a name (null when that account is gone). */
export const ChangedBy = z.object({ id: z.string(), name: z.string() }).nullable();
export type ChangedBy = z.infer<typeof ChangedBy>;

/**
 * The 409 of a route that takes a version: the error reply, and for a stale version the record as it
 * now is (`current`, with its new version), who changed it and when. Other conflicts of the route
 * (a name taken, a limit reached) answer the plain error reply, so these fields are optional.
 */
export const StaleReply = <C extends z.ZodType>(current: C) =>
  ErrorReply.extend({ current: current.optional(), changedBy: ChangedBy.optional(), changedAt: z.string().optional() });
export type StaleFields<C = unknown> = { current: C; changedBy: ChangedBy; changedAt: string };

/** `?after=` of a newest-first list (docs/decisions/161): a row's keyset cursor, its shape in the document. */
export const afterCursor = z
  .string()
  .transform((value, ctx) => {
    const cursor = parseCursor(value);
    if (cursor) return cursor;
    ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  })
  .meta({ pattern: CURSOR_PATTERN.source })
  .optional();
