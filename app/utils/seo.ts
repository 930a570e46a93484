import type { MetaDescriptor } from '@remix-run/node';
import { ratingValueText } from '../../server/contract/rating-text';
import type { BreadcrumbList, CreativeWork, ItemList, Organization, Place, PostalAddress, ProfessionalService, Thing, WithContext } from 'schema-dts';
import { previewPath, previewSourceOf } from '../../server/contract/showcase-rules';
import { productNameOf } from './product';

/**
 * How a public page describes itself to search engines and messengers (docs/decisions/386): a
 * canonical address, a unique title and description, Open Graph and Twitter card tags with a
 * 1200 × 630 preview, and schema.org JSON-LD typed with schema-dts (types only, nothing at run time).
 */

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The public address of this install (the root loader's `PUBLIC_URL`), without a trailing slash. */
export function publicOrigin(matches: Matches): string {
  const root = matches.find((match) => match?.id === 'root');
  const url = (root?.data as { publicUrl?: string } | undefined)?.publicUrl ?? '';
  return url.replace(/\/+$/, '');
}

/** A description as the tags carry it: one line, at most 160 characters, cut at a word. */
export function shortDescription(text: string | null | undefined, fallback: string): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim() || fallback;
  if (line.length <= 160) return line;
  const cut = line.slice(0, 159);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).replace(/[\s.,;:–—-]+$/, '')}…`;
}

/** A place as one line ("Pune, Maharashtra, India"), or null. */
export function placeLine(...parts: Array<string | null | undefined>): string | null {
  const shown = parts.map((p) => p?.trim()).filter(Boolean);
  return shown.length ? shown.join(', ') : null;
}

export type JsonLd = WithContext<Thing>;

export type PublicPage = {
  /** The page's path with only the query that changes what it shows (`/explore?page=2`). */
  path: string;
  /** The page's own title, before the product's name. */
  title: string;
  description: string;
  /** A public image url (a stored variant); its preview is what the tags name. */
  image?: string | null;
  imageAlt?: string;
  type?: 'website' | 'article' | 'profile';
  jsonLd: JsonLd[];
};

/** The preview's absolute address for a stored image url, or null when the image is not one the api stored. */
export function previewUrl(origin: string, image: string | null | undefined): string | null {
  const source = previewSourceOf(image);
  return source ? `${origin}${previewPath(source)}` : null;
}

/** The meta of a public page (Remix renders them in <head>; the JSON-LD as `application/ld+json`). */
export function publicMeta(matches: Matches, page: PublicPage): MetaDescriptor[] {
  const origin = publicOrigin(matches);
  const product = productNameOf(matches);
  const title = `${page.title} — ${product}`;
  const url = `${origin}${page.path}`;
  const image = previewUrl(origin, page.image);
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: product },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: page.imageAlt ?? page.title },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    ...(image ? [{ name: 'twitter:image', content: image }, { name: 'twitter:image:alt', content: page.imageAlt ?? page.title }] : []),
    ...page.jsonLd.map((data) => ({ 'script:ld+json': data })),
  ];
}

/** BreadcrumbList: each step's name and path, the last one this page. */
export function breadcrumbs(origin: string, steps: Array<[name: string, path: string]>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${origin}${path}` })),
  };
}

/** ItemList of a listing page (the gallery, the directory): the entries shown, in order. */
export function itemList(origin: string, name: string, items: Array<{ name: string; path: string }>, offset = 0): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: offset + index + 1, name: item.name, url: `${origin}${item.path}` })),
  };
}

type FirmFacts = { id: string; name: string; description: string | null; image: string | null; city?: string | null; state?: string | null; country?: string | null; website?: string | null };

function postalAddress(place: { city?: string | null; state?: string | null; country?: string | null }): PostalAddress | undefined {
  if (!place.city && !place.state && !place.country) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(place.city ? { addressLocality: place.city } : {}),
    ...(place.state ? { addressRegion: place.state } : {}),
    ...(place.country ? { addressCountry: place.country } : {}),
  };
}

/** The most precise place a firm names: where it works (areaServed). */
function servedPlace(place: { city?: string | null; state?: string | null; country?: string | null }): Place | undefined {
  const name = placeLine(place.city, place.state, place.country);
  return name ? { '@type': 'Place', name } : undefined;
}

/** A firm's visible reviews: how many, and their average in hundredths (docs/decisions/410). */
export type Rating = { averageCenti: number; count: number };

/**
 * A firm as ProfessionalService. The contact point names the Contact popup's address, not the
 * email or number: those are read from the api, limited per visitor (decision 386), and a page's
 * JSON-LD would hand them to every scraper. `aggregateRating` only with real reviews.
 */
export function firmJsonLd(origin: string, firm: FirmFacts, rating?: Rating | null): WithContext<ProfessionalService> {
  const url = `${origin}/firms/${firm.id}`;
  const address = postalAddress(firm);
  const served = servedPlace(firm);
  const image = previewUrl(origin, firm.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': url,
    name: firm.name,
    url,
    ...(firm.description ? { description: shortDescription(firm.description, firm.name) } : {}),
    ...(image ? { image } : {}),
    ...(address ? { address } : {}),
    ...(served ? { areaServed: served } : {}),
    ...(firm.website ? { sameAs: firm.website } : {}),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', url: `${url}?dialog=contact` },
    ...(rating && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: ratingValueText(rating.averageCenti), reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

type ProjectFacts = {
  id: string;
  projectName: string;
  description: string | null;
  year: number | null;
  projectLocation: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  images: ReadonlyArray<{ w1600: string; width: number; height: number }>;
  updatedAt?: string;
};

/** A project as CreativeWork: its images, its creator (the firm) and where it is. */
export function projectJsonLd(origin: string, project: ProjectFacts, firm: { id: string; name: string }): WithContext<CreativeWork> {
  const url = `${origin}/explore/${project.id}`;
  const creator: Organization = { '@type': 'Organization', '@id': `${origin}/firms/${firm.id}`, name: firm.name, url: `${origin}/firms/${firm.id}` };
  const address = postalAddress(project);
  const placeName = placeLine(project.projectLocation, project.city, project.state, project.country);
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': url,
    name: project.projectName,
    url,
    ...(project.description ? { description: shortDescription(project.description, project.projectName) } : {}),
    image: project.images.map((image) => ({ '@type': 'ImageObject', contentUrl: `${origin}${image.w1600}`, width: `${image.width}`, height: `${image.height}` })),
    creator,
    ...(placeName ? { locationCreated: { '@type': 'Place', name: placeName, ...(address ? { address } : {}) } } : {}),
    ...(project.year ? { dateCreated: String(project.year) } : {}),
    ...(project.updatedAt ? { dateModified: project.updatedAt } : {}),
  };
}
