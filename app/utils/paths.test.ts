import { describe, expect, it } from 'vitest';
import { breadcrumb, matchesPath } from './paths';

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

describe('breadcrumb', () => {
  it('hides numeric and 24-hex id segments', () => {
    expect(breadcrumb('/workspace/project/files/0123456789abcdef01234567').map((c) => c.label)).toEqual([
      'Workspace',
      'Project',
      'Files',
    ]);
    expect(breadcrumb('/workspace/project/42/summary-financial').map((c) => c.label)).toEqual([
      'Workspace',
      'Project',
      'Summary financial',
    ]);
  });
});
