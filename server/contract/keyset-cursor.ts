import { ID_PATTERN } from './http-rules.js';

/**
 * A keyset cursor (docs/decisions/161): where a list in `created_at DESC, id DESC` order
 * goes on, as `<created_at>,<id>` of the last row shown — `2026-11-23T16:58:15.123456Z,<24 hex>`.
 * The time keeps PostgreSQL's microseconds (a JavaScript Date would round them away and skip or
 * repeat rows made in the same millisecond), so the database writes the cursor (`cursorSql`) and
 * only reads it back. No zod here: the web builds its "Load more" links with these too.
 */
export type KeysetCursor = { createdAt: string; id: string };

export const CURSOR_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z,([0-9a-f]{24})$/;

export const CURSOR_MESSAGE = 'after must be the cursor of a list row: <time in UTC, ISO 8601>,<id>';

/** The cursor of `?after=`, or null when it is not one (a calendar date that does not exist included). */
export function parseCursor(value: string): KeysetCursor | null {
  const match = CURSOR_PATTERN.exec(value);
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

/**
 * The firm directory's cursor (docs/decisions/175): its order is by name first, so the cursor is
 * `<created_at>,<id>,<name>` of the last firm shown, where the name is the sort key PostgreSQL wrote
 * (`lower(coalesce(firm_name, user_name))`). The name goes last: it may hold commas.
 */
export type NamedKeysetCursor = KeysetCursor & { name: string };

export const NAMED_CURSOR_MESSAGE = 'after must be the cursor of a directory row: <time in UTC, ISO 8601>,<id>,<name>';

/** Longer than any firm or user name the forms accept (120): a cursor is only ever one the api wrote. */
const CURSOR_NAME_MAX = 400;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The cursor of the directory's `?after=`, or null when it is not one. */
export function parseNamedCursor(value: string): NamedKeysetCursor | null {
  const first = value.indexOf(',');
  const second = first < 0 ? -1 : value.indexOf(',', first + 1);
  if (second < 0) return null;
  const cursor = parseCursor(value.slice(0, second));
  const name = value.slice(second + 1);
  // PostgreSQL's text holds no NUL and only well-formed UTF-8: such a name was never written by it.
  if (!cursor || name.length > CURSOR_NAME_MAX || name.includes('\u0000') || LONE_SURROGATE.test(name)) return null;
  return { ...cursor, name };
}

export function formatNamedCursor(cursor: NamedKeysetCursor): string {
  return `${formatCursor(cursor)},${cursor.name}`;
}

/**
 * The directory's cursor when sorted by rating (docs/decisions/410): `r<rating>,<count>,<id>` of
 * the last firm shown, where rating is the kept average in hundredths (0–500) and count its
 * reviews. The `r` tells it from a by-name cursor, which starts with a time.
 */
export type RatedKeysetCursor = { ratingCenti: number; reviewCount: number; id: string };

export const RATED_CURSOR_MESSAGE = 'after must be the cursor of a directory row: r<rating>,<reviews>,<id>';

const RATED_CURSOR = /^r(\d{1,3}),(\d{1,9}),([0-9a-f]{24})$/;

export function parseRatedCursor(value: string): RatedKeysetCursor | null {
  const match = RATED_CURSOR.exec(value);
  if (!match) return null;
  const ratingCenti = Number(match[1]);
  if (ratingCenti > 500) return null;
  return { ratingCenti, reviewCount: Number(match[2]), id: match[3]! };
}

export function formatRatedCursor(cursor: RatedKeysetCursor): string {
  return `r${cursor.ratingCenti},${cursor.reviewCount},${cursor.id}`;
}
