import { streamApiFile } from '~/utils/api.server';
import { sitemapOperations } from '../../server/contract/showcase-operations';

/** The sitemap files the api writes (docs/decisions/387), by their declarations (docs/decisions/370). */
export const SITEMAP_FILES = ['index.xml', 'pages.xml', 'projects.xml', 'firms.xml'] as const satisfies ReadonlyArray<keyof typeof sitemapOperations>;
export type SitemapFile = (typeof SITEMAP_FILES)[number];

/** A sitemap file streamed from the api as it is written (`after`: where a file of a long list starts). */
export const streamSitemap = (request: Request, file: SitemapFile, after: string | null) =>
  streamApiFile(request, `${sitemapOperations[file].path}${after ? `?after=${encodeURIComponent(after)}` : ''}`);
