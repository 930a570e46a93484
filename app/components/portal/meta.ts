import type { MetaDescriptor } from '@remix-run/node';
import { previewUrl, publicOrigin } from '~/utils/seo';

type Matches = Parameters<typeof publicOrigin>[0];

/**
 * A client page's tags (docs/decisions/390): a link preview for WhatsApp and mail (Open Graph
 * title, description and the firm's photo as a 1200 × 630 preview), never indexed, its address
 * never sent on as a referrer.
 */
export function portalMeta(matches: Matches, page: { firm: { name: string; image: string | null }; title: string; description: string; path: string } | null): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'same-origin' },
  ];
  if (!page) return [{ title: 'Your page' }, ...tags];
  const origin = publicOrigin(matches);
  const image = previewUrl(origin, page.firm.image);
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    ...tags,
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: page.firm.name },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: `${origin}${page.path}` },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: page.firm.name },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
}
