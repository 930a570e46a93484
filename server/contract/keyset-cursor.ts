import { ID_PATTERN } from './http-rules.js';

/**
 * A keyset cursor (issue 14, docs/decisions/161): where a list in `created_at DESC, id DESC` order
 * goes on, as `<created_at>,<id>` of the last row shown — `2026-11-23T16:58:15.123456Z,<24 hex>`.
 * The time keeps PostgreSQL's microseconds (a JavaScript Date would round them away and skip or
 * repeat rows made in the same millisecond), so the database writes the cursor (`cursorSql`) and
 * only reads it back. No zod here: the web builds its "Load more" links with these too.
 */
export type KeysetCursor = { createdAt: string; id: string };

const CURSOR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z,([0-9a-f]{24})$/;

export const CURSOR_MESSAGE = 'after must be the cursor of a list row: <time in UTC, ISO 8601>,<id>';

/** The cursor of `?after=`, or null when it is not one (a calendar date that does not exist included). */
export function parseCursor(value: string): KeysetCursor | null {
  const match = CURSOR.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const time = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  // Date.UTC rolls 30 February over into March: only a date that reads back the same is one.
  const back = new Date(time);
  const sameDate =
    back.getUTCFullYear() === year && back.getUTCMonth() === month! - 1 && back.getUTCDate() === day && back.getUTCHours() === hour && back.getUTCMinutes() === minute && back.getUTCSeconds() === second;
  if (!sameDate || year! < 1970) return null;
  const id = match[8]!;
  if (!ID_PATTERN.test(id)) return null;
  return { createdAt: value.slice(0, value.indexOf(',')), id };
}

export function formatCursor(cursor: KeysetCursor): string {
  return `${cursor.createdAt},${cursor.id}`;
}
