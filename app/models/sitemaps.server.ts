import { streamApiFile } from '~/utils/api.server';

/** The sitemap files the api writes (docs/decisions/387): the only place the web names their paths. */
export const SITEMAP_FILES = ['index.xml', 'pages.xml', 'projects.xml', 'firms.xml'] as const;
export type SitemapFile = (typeof SITEMAP_FILES)[number];

/** A sitemap file streamed from the api as it is written (`after`: where a file of a long list starts). */
export const streamSitemap = (request: Request, file: SitemapFile, after: string | null) =>
  streamApiFile(request, `/sitemaps/${file}${after ? `?after=${encodeURIComponent(after)}` : ''}`);
