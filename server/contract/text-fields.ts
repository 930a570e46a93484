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
