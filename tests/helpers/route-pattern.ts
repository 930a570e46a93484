import type { FastifyInstance } from 'fastify';

/** `GET /api/projects/:id`: how the route table names a route. */
export type RouteKey = `${string} /${string}`;

const patternCache = new WeakMap<FastifyInstance, Array<{ method: string; url: string; regex: RegExp; params: number }>>();

/** The registered route a concrete call (`GET /api/projects/5f…?x=1`) reaches: the most specific pattern that matches. */
export function routeKeyOf(app: FastifyInstance, method: string, url: string): RouteKey | null {
  let patterns = patternCache.get(app);
  if (!patterns) {
    patterns = app.routeTable().map((route) => ({
      method: route.method,
      url: route.url,
      regex: new RegExp(`^${route.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+').replace(/\*/g, '.*')}$`),
      params: (route.url.match(/:[A-Za-z]+|\*/g) ?? []).length,
    }));
    patternCache.set(app, patterns);
  }
  const path = url.split('?')[0]!;
  const match = patterns.filter((p) => p.method === method && p.regex.test(path)).sort((a, b) => a.params - b.params)[0];
  return match ? (`${match.method} ${match.url}` as RouteKey) : null;
}
