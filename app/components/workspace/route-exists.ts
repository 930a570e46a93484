import { matchPath, UNSAFE_RemixContext } from '@remix-run/react';
import { useContext, useMemo } from 'react';
import { isIdSegment, type PathExists } from './nav';

/** What a route of Remix's manifest says about its place in the tree. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * A predicate telling whether a page answers a path: the full pattern of every route (its
 * parents' paths joined), catch-all routes (`*`) left out, since they answer any path with a 404,
 * and a dynamic segment matching only an id (the pages answer any other value with a 404).
 */
export function routeExistence(routes: readonly ManifestRoute[]): PathExists {
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
    .filter((route) => !fullPath(route).includes('*'))
    .map((route) => ({ path: fullPath(route), caseSensitive: route.caseSensitive ?? false, end: true }));
  // A dynamic segment of this product's routes is an id: `schedules/:projectId` answers
  // `schedules/<24-hex>`, not `schedules/Financial` (a page of its own, or none yet).
  const answers = (pattern: (typeof patterns)[number], pathname: string) => {
    const match = matchPath(pattern, pathname);
    return match !== null && Object.values(match.params).every((value) => value === undefined || isIdSegment(value));
  };
  return (pathname) => patterns.some((pattern) => answers(pattern, pathname));
}

/**
 * The predicate for this app's routes, from the route manifest Remix gives both the server
 * render and the browser (the same one, as long as lazy route discovery stays off), so the
 * sidebar and the breadcrumb render the same links on both sides.
 */
export function useRouteExists(): PathExists {
  const manifest = useContext(UNSAFE_RemixContext)?.manifest;
  return useMemo(() => routeExistence(manifest ? Object.values(manifest.routes) : []), [manifest]);
}
