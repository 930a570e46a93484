import { z } from 'zod/v4';

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
