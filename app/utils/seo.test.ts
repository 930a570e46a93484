import type { ProfessionalService, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import { breadcrumbs, firmJsonLd, itemList, previewUrl, projectJsonLd, publicMeta, shortDescription } from './seo';

const matches = [{ id: 'root', data: { publicUrl: 'https://archivista.example/', productName: 'Archivista' } }];
const ORIGIN = 'https://archivista.example';
const cover = `/uploads/projects/${'a'.repeat(24)}/${'b'.repeat(24)}_1600x1000/w1600.webp`;

describe('publicMeta (decision 386)', () => {
  const tags = publicMeta(matches, { path: '/explore/x', title: 'Courtyard House by Mehta', description: 'A house.', image: cover, type: 'article', jsonLd: [breadcrumbs(ORIGIN, [['Explore', '/explore']])] });
  const find = (key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

  it('gives the canonical address, the title with the product, and Open Graph and Twitter tags with the preview', () => {
    expect(tags[0]).toEqual({ title: 'Courtyard House by Mehta — Archivista' });
    expect(find('rel', 'canonical')?.href).toBe('https://archivista.example/explore/x');
    expect(find('property', 'og:url')?.content).toBe('https://archivista.example/explore/x');
    expect(find('property', 'og:image')?.content).toBe(`https://archivista.example/api/previews/projects/${'a'.repeat(24)}/${'b'.repeat(24)}_1600x1000.jpg`);
    expect(find('property', 'og:image:width')?.content).toBe('1200');
    expect(find('name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(tags.filter((t) => 'script:ld+json' in t)).toHaveLength(1);
  });

  it('names no preview for an image the api did not store, and the card is then a summary', () => {
    const plain = publicMeta(matches, { path: '/firms', title: 'Firms', description: 'd', image: 'https://elsewhere.example/x.png', jsonLd: [] });
    expect(plain.some((t) => (t as Record<string, string>).property === 'og:image')).toBe(false);
    expect(previewUrl(ORIGIN, '/uploads/../../secret.webp')).toBeNull();
  });

  it('cuts a long description at a word, within 160 characters', () => {
    const text = shortDescription('word '.repeat(80), 'x');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(shortDescription('  ', 'fallback')).toBe('fallback');
  });
});

describe('the JSON-LD (schema-dts types)', () => {
  it('a firm is a ProfessionalService with address, area served and contact point, and no rating without reviews', () => {
    const firm: WithContext<ProfessionalService> = firmJsonLd(ORIGIN, { id: 'f1', name: 'Mehta Studio', description: 'We build.', image: null, city: 'Pune', state: 'Maharashtra', country: 'India' });
    expect(firm).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      url: `${ORIGIN}/firms/f1`,
      address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressRegion: 'Maharashtra', addressCountry: 'India' },
      areaServed: { '@type': 'Place', name: 'Pune, Maharashtra, India' },
      contactPoint: { '@type': 'ContactPoint', url: `${ORIGIN}/firms/f1?dialog=contact` },
    });
    expect(firm).not.toHaveProperty('aggregateRating');
    // Contact details never go into the page (they are limited per address).
    expect(JSON.stringify(firm)).not.toMatch(/"(email|telephone)"/);
    expect(firmJsonLd(ORIGIN, { id: 'f1', name: 'M', description: null, image: null }, { averageCenti: 450, count: 2 })).toMatchObject({ aggregateRating: { ratingValue: '4.5', reviewCount: 2 } });
    expect(firmJsonLd(ORIGIN, { id: 'f1', name: 'M', description: null, image: null }, { averageCenti: 0, count: 0 })).not.toHaveProperty('aggregateRating');
  });

  it('a project is a CreativeWork with its images, creator and location', () => {
    const work = projectJsonLd(
      ORIGIN,
      { id: 'p1', projectName: 'Courtyard', description: null, year: 2022, projectLocation: 'Koregaon Park', city: 'Pune', state: 'Maharashtra', country: 'India', images: [{ w1600: cover, width: 1600, height: 1000 }], updatedAt: '2026-12-01T00:00:00.000Z' },
      { id: 'f1', name: 'Mehta Studio' },
    );
    expect(work).toMatchObject({
      '@type': 'CreativeWork',
      image: [{ '@type': 'ImageObject', contentUrl: `${ORIGIN}${cover}` }],
      creator: { '@type': 'Organization', name: 'Mehta Studio', url: `${ORIGIN}/firms/f1` },
      locationCreated: { '@type': 'Place', name: 'Koregaon Park, Pune, Maharashtra, India' },
      dateCreated: '2022',
    });
  });

  it('lists and breadcrumbs number their entries from the page’s offset', () => {
    const list = itemList(ORIGIN, 'Firms', [{ name: 'A', path: '/firms/a' }], 10);
    expect(list.itemListElement).toEqual([{ '@type': 'ListItem', position: 11, name: 'A', url: `${ORIGIN}/firms/a` }]);
    expect(breadcrumbs(ORIGIN, [['Firms', '/firms'], ['A', '/firms/a']]).itemListElement).toHaveLength(2);
  });
});
