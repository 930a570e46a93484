import { describe, expect, it } from 'vitest';
import { pageHref } from './infinite-list';
import { pageLink } from './paging';
import { parseKeyset } from '~/utils/showcase.server';
import { parseNamedCursor } from '../../server/contract/keyset-cursor';

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

  it('a list without a cursor keeps numbered links; the firm directory\'s "Load more" keeps its filters beside its cursor (decision 175)', () => {
    expect(pageHref('/firms', '?city=Pune', 2)).toBe('/firms?city=Pune&page=2');
    const named = `${CURSOR},studio, courtyard & co`;
    const href = pageHref('/firms', '?country=India&state=Maharashtra&city=Pune', 2, { after: named, total: 14 });
    const params = new URL(href, 'http://x').searchParams;
    expect([params.get('country'), params.get('state'), params.get('city'), params.get('page'), params.get('after'), params.get('total')]).toEqual(['India', 'Maharashtra', 'Pune', '2', named, '14']);
  });

  it('the directory\'s loader reads its own cursor (with the firm\'s name) and an explore cursor or an altered one as a numbered page', () => {
    const url = (search: string) => new URL(`http://x/firms${search}`);
    const named = `${CURSOR},studio, courtyard & co`;
    expect(parseKeyset(url(`?page=2&after=${encodeURIComponent(named)}&total=14`), parseNamedCursor)).toEqual({ after: named, total: 14 });
    expect(parseKeyset(url(`?page=2&after=${encodeURIComponent(CURSOR)}&total=14`), parseNamedCursor)).toBeNull();
    expect(parseKeyset(url(`?page=2&after=${encodeURIComponent(`${CURSOR},${'x'.repeat(401)}`)}&total=14`), parseNamedCursor)).toBeNull();
    expect(parseKeyset(url('?page=2'), parseNamedCursor)).toBeNull();
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
