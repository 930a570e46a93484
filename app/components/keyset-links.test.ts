import { describe, expect, it } from 'vitest';
import { pageHref } from './infinite-list';
import { pageLink } from './paging';
import { parseKeyset } from '~/utils/showcase.server';

/** The links of a keyset-paged list (decision 161): "Load more" carries the cursor, numbered pages drop it. */

const CURSOR = '2026-11-23T16:58:15.123456Z,0123456789abcdef01234567';

describe('keyset links', () => {
  it('"Load more" sets the next page, the cursor and the total, replacing those of the page it is on', () => {
    const href = pageHref('/explore', `?page=2&after=${encodeURIComponent('2026-01-01T00:00:00Z,' + 'f'.repeat(24))}&total=9&q=x`, 3, { after: CURSOR, total: 31 });
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('page')).toBe('3');
    expect(params.get('after')).toBe(CURSOR);
    expect(params.get('total')).toBe('31');
    expect(params.get('q')).toBe('x');
  });

  it('a list without a cursor (the firm directory) keeps numbered links', () => {
    expect(pageHref('/firms', '?city=Pune', 2)).toBe('/firms?city=Pune&page=2');
  });

  it('the Paging links (first, previous) are numbered pages without the cursor', () => {
    expect(pageLink('/explore', `?page=3&after=${encodeURIComponent(CURSOR)}&total=31`, 2)).toBe('/explore?page=2');
    expect(pageLink('/explore', `?page=3&after=${encodeURIComponent(CURSOR)}&total=31`, 1)).toBe('/explore');
  });

  it('the loader reads a well-formed cursor with its total, and an old or altered link as a numbered page', () => {
    const url = (search: string) => new URL(`http://x/explore${search}`);
    expect(parseKeyset(url(`?page=3&after=${encodeURIComponent(CURSOR)}&total=31`))).toEqual({ after: CURSOR, total: 31 });
    expect(parseKeyset(url('?page=3'))).toBeNull();
    expect(parseKeyset(url(`?page=3&after=${encodeURIComponent(CURSOR)}`))).toBeNull();
    expect(parseKeyset(url(`?after=${encodeURIComponent(CURSOR)}&total=-1`))).toBeNull();
    expect(parseKeyset(url(`?after=${encodeURIComponent(CURSOR)}&total=1.5`))).toBeNull();
    expect(parseKeyset(url('?after=2026-02-30T00:00:00Z,0123456789abcdef01234567&total=3'))).toBeNull();
    expect(parseKeyset(url('?after=nope&total=3'))).toBeNull();
  });
});
