import { z } from 'zod/v4';
import { PAGE_MAX } from './http-rules.js';

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
