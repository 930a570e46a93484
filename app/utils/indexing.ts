import { matchesPath } from './paths';

/**
 * What search engines may list (docs/decisions/386): the showcase (home, explore, project pages, the
 * directory, firm portfolios) and nothing else. Private pages say `noindex` (a meta tag and the
 * X-Robots-Tag header, so PDFs and CSVs too) and robots.txt disallows them.
 */
export const PRIVATE_PATHS = [
  '/workspace',
  '/admin',
  '/share',
  '/client',
  '/setting',
  '/portfolio',
  '/confirm-account',
  '/confirm-address',
  '/auth',
  '/logout',
  '/resources',
  '/explore/search',
] as const;

export const NOINDEX_VALUE = 'noindex, nofollow';

export const isPrivatePath = (pathname: string) => PRIVATE_PATHS.some((path) => matchesPath(pathname, path));

/** robots.txt: the private areas disallowed, the sitemap index named (absolute, as the protocol asks). */
export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
