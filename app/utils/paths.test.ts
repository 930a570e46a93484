import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPath, safeRedirectPath } from './paths';
import { safeReturnPath } from './register-firm';

describe('matchesPath', () => {
  it('matches / only exactly', () => {
    expect(matchesPath('/', '/')).toBe(true);
    expect(matchesPath('/explore', '/')).toBe(false);
  });
  it('matches other paths by prefix on segment boundaries', () => {
    expect(matchesPath('/explore', '/explore')).toBe(true);
    expect(matchesPath('/explore/abc', '/explore')).toBe(true);
    expect(matchesPath('/explorer', '/explore')).toBe(false);
  });
});
describe('safeRedirectPath', () => {
  it('keeps paths of this site, normalised, with their query and hash', () => {
    expect(safeRedirectPath('/explore?page=2#top')).toBe('/explore?page=2#top');
    expect(safeRedirectPath('/a/./b/../c')).toBe('/a/c');
    expect(safeRedirectPath('/firms/abc')).toBe('/firms/abc');
  });

  it.each([
    '/.//evil.example/x',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%2e/%2fevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/../..//evil.example',
    '/%E0%A4%A',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value, '/fallback')).toBe('/fallback');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(undefined, '/x')).toBe('/x');
    expect(safeRedirectPath(['/a'], '/x')).toBe('/x');
  });

  it('never leaves the site, whatever it is given', () => {
    const origin = 'https://archivista.example';
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2f', '%2F', '%5c', '%2e', '%09', '\t', '@', ':', 'evil.example', 'https:', '?', '#', 'a');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 8 }).map((p) => p.join(''))), (value) => {
        const path = safeRedirectPath(value, '/fallback');
        expect(path.startsWith('/')).toBe(true);
        expect(new URL(path, origin).origin).toBe(origin);
        expect(/^\/[/\\]/.test(decodeURIComponent(path.split(/[?#]/)[0]!))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('safeReturnPath (the register-firm dialog)', () => {
  it('goes back to the page without the dialog, or to /explore', () => {
    expect(safeReturnPath('/firms?city=Pune&dialog=register-firm')).toBe('/firms?city=Pune');
    expect(safeReturnPath('/.//evil.example/x')).toBe('/explore');
  });
});
