import { describe, expect, it } from 'vitest';
import { matchesPath } from './paths';

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
