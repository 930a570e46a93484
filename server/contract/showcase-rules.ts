/** The showcase's rules shared with the web and the browser, without zod (docs/decisions/058, 386). */

/** At most this many addresses in one sitemap file (the sitemaps protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** The size of a link preview (Open Graph, Twitter's large card). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * The images a preview is made from, by the key of their stored variants: a project image
 * (`projects/<owner>/<image>_<w>x<h>`, from its 1600 px WebP) or a profile photo
 * (`profiles/<user>/<photo>`, from its 512 px WebP). Never the original upload, which is not kept.
 */
const PREVIEW_SOURCES = [
  { pattern: /^\/uploads\/(projects\/[0-9a-f]{24}\/[0-9a-f]{24}_[1-9]\d{0,5}x[1-9]\d{0,5})\/w(?:480|960|1600)\.webp$/, kind: 'project' },
  { pattern: /^\/uploads\/(profiles\/[0-9a-f]{24}\/[0-9a-f]{24})\/(?:96|256|512)\.webp$/, kind: 'profile' },
] as const;

export type PreviewSource = { key: string; kind: 'project' | 'profile' };

/** The stored image an image url is a variant of, or null for a url this api did not store. */
export function previewSourceOf(url: string | null | undefined): PreviewSource | null {
  for (const { pattern, kind } of PREVIEW_SOURCES) {
    const m = url ? pattern.exec(url) : null;
    if (m) return { key: m[1]!, kind };
  }
  return null;
}

/** The preview's address (made once, then kept beside the variants: docs/decisions/386). */
export const previewPath = (source: PreviewSource) => `/api/previews/${source.key}.jpg`;

/** The key of a preview address's stored image, or null (GET /api/previews/*). */
export function previewKeyOf(path: string): PreviewSource | null {
  const m = /^(projects\/[0-9a-f]{24}\/[0-9a-f]{24}_[1-9]\d{0,5}x[1-9]\d{0,5}|profiles\/[0-9a-f]{24}\/[0-9a-f]{24})\.jpg$/.exec(path);
  if (!m) return null;
  return { key: m[1]!, kind: m[1]!.startsWith('projects/') ? 'project' : 'profile' };
}
