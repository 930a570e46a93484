import type { FastifyReply } from 'fastify';
import type { z } from 'zod/v4';
import { ShortCache } from './short-cache.js';

/**
 * A short cache of the public reads every visitor gets alike: the explore gallery and the firm
 * directory (docs/decisions/133). It keeps the serialised JSON for PUBLIC_CACHE_MS (1 s by default)
 * and is emptied by every successful write to the api (server/app.ts), so a firm sees its own change
 * at once. Requests that miss at the same moment share one database read. At most `maxEntries` keys
 * (page × filters): a full cache is emptied rather than grown.
 */
export class PublicCache {
  private readonly cache: ShortCache<string>;

  constructor(ttlMs: number, maxEntries = 500) {
    this.cache = new ShortCache(ttlMs, maxEntries);
  }

  /** The JSON of `key`, read with `load` (and checked against `schema`, as the route's serializer would) when absent or old. */
  json<S extends z.ZodType>(key: string, schema: S, load: () => Promise<z.input<S>>): Promise<string> {
    return this.cache.get(key, () => load().then((value) => JSON.stringify(schema.parse(value))));
  }

  clear() {
    this.cache.clear();
  }
}

/** Sends cached JSON as the answer (a string body skips the route's serializer, which already ran once). */
export async function sendCachedJson(reply: FastifyReply, json: Promise<string>) {
  return reply.type('application/json; charset=utf-8').send(await json);
}
