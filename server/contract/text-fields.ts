import { z } from 'zod/v4';
import { isRealDay } from './dates.js';

/** The text-field rules every contract builds its bodies from, so each is written once. */

/**
 * Text with each lone UTF-16 surrogate replaced by U+FFFD (what browsers send for one): JSON
 * allows them, PostgreSQL's json and jsonb refuse them.
 */
export const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Required text, trimmed, with the spec's message when empty and a length limit (and well formed). */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`).transform(wellFormed);

/** Optional text, trimmed; empty becomes `empty` (undefined to leave a field as it is, null to clear it). */
export const optionalText = <E extends null | undefined = null>(max: number, empty: E = null as E) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v): string | E => (v ? wellFormed(v) : empty));

/** Said of a title with a line break in it (docs/decisions/246). */
export const ONE_LINE_MESSAGE = 'A title must fit on one line: remove the line breaks';

/**
 * A title (project, schedule, room, section, card): required text on one line. A
 * line break inside would split the lines of a PDF, an iCal entry, a CSV row or a mail subject
 * that prints it; one at either end is trimmed away like any space.
 */
export const titleText = (message: string, max = 200) => requiredText(message, max).refine((v) => !/[\r\n\u0085\u2028\u2029]/.test(v), ONE_LINE_MESSAGE);

/**
 * A day as YYYY-MM-DD that exists (not 2026-02-30), trimmed, refused with `message`. The refinement
 * is invisible to JSON Schema, so the document is told its format (docs/decisions/376 and 393).
 */
export const dayText = (message: string) => z.string({ error: message }).trim().refine(isRealDay, message).meta({ format: 'date' });

/**
 * A code of a fixed shape (an HSN/SAC, a TAN), or '' for none; trimmed, and upper-cased first with
 * `upper` (so `documented` should accept either case). The document gets the shape as a pattern.
 */
export const codeOrEmpty = (pattern: RegExp, message: string, { upper = false, documented = pattern.source }: { upper?: boolean; documented?: string } = {}) => {
  const text = z.string({ error: message }).trim();
  return (upper ? text.toUpperCase() : text)
    .default('')
    .refine((v) => v === '' || pattern.test(v), message)
    .meta({ pattern: `^$|${documented}` });
};

/** The shape of a TAN as the api reads it (either case: it is upper-cased when saved). */
export const TAN_TYPED = '^[A-Za-z]{4}\\d{5}[A-Za-z]$';
