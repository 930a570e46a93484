import { matchPath, useRouteLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { isIdSegment, type PathExists } from './nav';

/** What a route of Remix's manifest says about its place in the tree. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The full pattern of every page (its parents' paths joined), catch-all routes (`*`) left out,
 * since they answer any path with a 404.
 */
export function pagePatterns(routes: readonly ManifestRoute[]): string[] {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const fullPath = (route: ManifestRoute): string => {
    const parts: string[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
      if (r.path) parts.unshift(r.path);
    }
    return `/${parts.join('/')}`.replace(/\/+/g, '/');
  };
  const patterns = routes
    .filter((route) => route.path !== undefined || route.index)
    .map(fullPath)
    .filter((pattern) => !pattern.includes('*'));
  return [...new Set(patterns)];
}

/**
 * A predicate telling whether a page answers a path, from the patterns of `pagePatterns`; a dynamic
 * segment matches only an id (the pages answer any other value with a 404).
 */
export function patternExistence(patterns: readonly string[]): PathExists {
  // A dynamic segment of this product's routes is an id: `schedules/:projectId` answers
  // `schedules/<24-hex>`, not `schedules/Financial` (a page of its own, or none yet).
  const answers = (pattern: string, pathname: string) => {
    const match = matchPath({ path: pattern, end: true }, pathname);
    return match !== null && Object.values(match.params).every((value) => value === undefined || isIdSegment(value));
  };
  return (pathname) => patterns.some((pattern) => answers(pattern, pathname));
}

export function routeExistence(routes: readonly ManifestRoute[]): PathExists {
  return patternExistence(pagePatterns(routes));
}

/**
 * The predicate for the workspace shell, from the page patterns the workspace layout's loader sends
 * (docs/decisions/173): the browser's route manifest holds only the routes discovered so far (lazy
 * route discovery), the server's list is whole and the same for the server render and the browser.
 * Without the layout's data (its loader failed) no page is known, so no link is offered.
 */
export function useRouteExists(): PathExists {
  const patterns = useRouteLoaderData<{ pages?: string[] }>('routes/workspace')?.pages;
  return useMemo(() => patternExistence(patterns ?? []), [patterns]);
}
