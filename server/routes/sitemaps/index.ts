import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { CURSOR_MESSAGE, parseCursor } from '../../contract/keyset-cursor.js';
import { sitemapOperations as ops } from '../../contract/showcase-operations.js';
import { SITEMAP_MAX_URLS } from '../../contract/showcase-rules.js';
import { badRequest } from '../../errors.js';
import { sitemapFirmFiles, sitemapFirms, sitemapProjectFiles, sitemapProjects, type SitemapFile, type SitemapRow } from '../../queries/sitemap.js';
import { ShortCache } from '../../services/short-cache.js';
import { routeOf } from '../declared.js';

/** Rows read per statement while a file streams: small enough to start writing at once. */
const PAGE = 1000;
/**
 * How long a process keeps the index's files (their starts and lastmod). Working them out reads
 * every listed row's id once (131 ms at 100,000 projects against 1.8 ms at the demo's 11), so it is
 * done at most once in this time and each request in between costs what the demo's does
 * (docs/decisions/387). A crawler reads the files hours after the index anyway: each file starts
 * at its cursor, so a start a few minutes old still lists rows once, in order.
 */
const INDEX_FRESH_MS = 5 * 60_000;
/** A crawler reads the files a few times a day; a proxy in front may keep them this long. */
const CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** One file's entries: keyset pages of PAGE rows until `max` are written, each as a `<url>`. */
async function* urlset(read: (after: string | null, limit: number) => Promise<SitemapRow[]>, start: string | null, max: number, loc: (id: string) => string) {
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  let after = start;
  let written = 0;
  while (written < max) {
    const wanted = Math.min(PAGE, max - written);
    const rows = await read(after, wanted);
    for (const row of rows) yield `<url><loc>${escapeXml(loc(row.id))}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>\n`;
    written += rows.length;
    if (rows.length < wanted) break;
    after = rows[rows.length - 1]!.cursor;
  }
  yield '</urlset>\n';
}

/**
 * The sitemaps (docs/decisions/387), scope `public`: an index of files of at most 50,000 addresses
 * each (the protocol's limit), every public project and listed firm with its last change. Files
 * stream as their keyset pages are read; the web serves them at /sitemap.xml and /sitemaps/….
 */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const origin = config.PUBLIC_URL.replace(/\/+$/, '');
  const perFile = SITEMAP_MAX_URLS;
  const indexFiles = new ShortCache<[SitemapFile[], SitemapFile[]]>(INDEX_FRESH_MS, 1);
  const send = (reply: FastifyReply, body: AsyncIterable<string>) =>
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(Readable.from(body));

  app.route({
    ...routeOf(ops['index.xml']),
    handler: async (_request, reply) => {
      const [projectFiles, firmFiles] = await indexFiles.get('files', () => Promise.all([sitemapProjectFiles(db, perFile), sitemapFirmFiles(db, perFile)]));
      async function* index() {
        yield `${XML_HEAD}<sitemapindex xmlns="${NS}">\n`;
        yield `<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>\n`;
        for (const [name, files] of [['projects', projectFiles], ['firms', firmFiles]] as const) {
          for (const file of files) {
            const loc = `${origin}/sitemaps/${name}.xml${file.after ? `?after=${encodeURIComponent(file.after)}` : ''}`;
            yield `<sitemap><loc>${escapeXml(loc)}</loc><lastmod>${file.lastmod.toISOString()}</lastmod></sitemap>\n`;
          }
        }
        yield '</sitemapindex>\n';
      }
      return send(reply, index());
    },
  });

  app.route({
    ...routeOf(ops['pages.xml']),
    handler: async (_request, reply) => {
      async function* pages() {
        yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
        for (const path of ['/', '/explore', '/firms']) yield `<url><loc>${origin}${path}</loc></url>\n`;
        yield '</urlset>\n';
      }
      return send(reply, pages());
    },
  });

  app.route({
    ...routeOf(ops['projects.xml']),
    handler: async (request, reply) => {
      const start = request.query.after ?? null;
      if (start !== null && !parseCursor(start)) throw badRequest(CURSOR_MESSAGE);
      const read = (after: string | null, limit: number) => sitemapProjects(db, after ? parseCursor(after) : null, limit);
      return send(reply, urlset(read, start, perFile, (id) => `${origin}/explore/${id}`));
    },
  });

  app.route({
    ...routeOf(ops['firms.xml']),
    handler: async (request, reply) => {
      const start = request.query.after ?? null;
      if (start !== null && !isId(start)) throw badRequest('after must be a firm id');
      return send(reply, urlset((after, limit) => sitemapFirms(db, after, limit), start, perFile, (id) => `${origin}/firms/${id}`));
    },
  });
};
