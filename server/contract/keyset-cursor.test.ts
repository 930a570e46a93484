import { describe, expect, it } from 'vitest';
import { formatRatedCursor, parseNamedCursor, parseRatedCursor } from './keyset-cursor';

describe('the directory’s by-rating cursor (docs/decisions/410)', () => {
  const id = 'a'.repeat(24);

  it('reads back what it writes', () => {
    const cursor = { ratingCenti: 467, reviewCount: 12, id };
    expect(parseRatedCursor(formatRatedCursor(cursor))).toEqual(cursor);
    expect(parseRatedCursor(`r0,0,${id}`)).toEqual({ ratingCenti: 0, reviewCount: 0, id });
  });

  it('refuses what the api never wrote: a rating above 5.00, a negative or fractional figure, a bad id', () => {
    for (const value of [`r501,1,${id}`, `r-1,1,${id}`, `r4.5,1,${id}`, `r450,1,${'A'.repeat(24)}`, `r450,1`, `450,1,${id}`, `r450,1,${id},x`]) {
      expect(parseRatedCursor(value), value).toBeNull();
    }
  });

  it('is not taken for a by-name cursor, nor the other way round', () => {
    expect(parseNamedCursor(`r450,1,${id}`)).toBeNull();
    expect(parseRatedCursor(`2026-12-01T10:00:00.000000Z,${id},studio`)).toBeNull();
  });
});
