import type { BreadcrumbList, CreativeWork, ItemList, ProfessionalService, WithContext } from 'schema-dts';
import { apiCall, DEMO, DEMO_PASSWORD, expect, ready, test } from './fixtures';
import { E2E } from './env';
import { ratingValueText } from '../../server/contract/rating-text';
import type { FirmReviewsReply } from '../../server/contract/reviews';

type ExploreReply = { projects: Array<{ id: string; projectName: string; owner: { id: string } }>; count: number };

/** The tags and JSON-LD of a page's HTML as the server sent it. */
async function describedAs(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${E2E.baseURL}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key.replace(':', ':')}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { '@type': string });
  return { response, html, meta, canonical, jsonLd, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null };
}

/** The JSON-LD object of `type`, read as its schema-dts type. */
const ofType = <T>(list: Array<{ '@type': string }>, type: string) => list.find((x) => x['@type'] === type) as unknown as T | undefined;

test.describe('the showcase for a signed-out visitor', () => {
  test('browses the gallery, opens a project and a firm, opens Contact, is asked to sign in and comes back', async ({ page, js }) => {
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=10');
    const project = json.projects[0]!;
    await page.goto('/explore');
    await ready(page, js);
    await expect(page).toHaveURL(/\/explore$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Explore', 'Firms', 'Log in', 'Sign up']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByTestId('project-card').first()).toContainText(project.projectName);

    await page.getByTestId('project-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/explore/${project.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.projectName);
    await expect(page.getByTestId('share-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByTestId('share-mail')).toHaveAttribute('href', /^mailto:\?subject=/);
    await expect(page.getByTestId('share-copy')).toHaveAttribute('href', `${E2E.baseURL}/explore/${project.id}`);

    await page.getByTestId('open-contact').click();
    const dialog = page.getByTestId('contact-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('business-email')).toBeVisible();
    await dialog.getByRole('link', { name: 'Log in to send an enquiry' }).click();
    await expect(page).toHaveURL(/\/\?view=login&redirectTo=/);
    await page.locator('#auth').getByLabel('Email').fill(DEMO.explorer);
    await page.locator('#auth').getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.locator('#auth').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/${project.id}\\?dialog=contact$`));
    await expect(page.getByTestId('enquiry-form')).toBeVisible();
  });

  test('the directory and a portfolio render signed out, contact details only in the popup', async ({ page, js }) => {
    await page.goto('/firms');
    await ready(page, js);
    await expect(page).toHaveURL(/\/firms$/);
    const firstFirm = page.getByTestId('firm-list').getByRole('link').first();
    await firstFirm.click();
    await expect(page).toHaveURL(/\/firms\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('share-links')).toBeVisible();
    const html = await (await fetch(page.url())).text();
    expect(html).not.toContain('mailto:studio');
    await page.getByTestId('open-contact').click();
    await expect(page.getByTestId('contact-dialog').getByTestId('sign-in-to-enquire')).toBeVisible();
  });

  test('public pages carry canonical, Open Graph, Twitter and typed JSON-LD; private ones say noindex', async () => {
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=10');
    const project = json.projects.find((p) => p) !;
    const page = await describedAs(`/explore/${project.id}`);
    expect(page.response.status).toBe(200);
    expect(page.canonical).toBe(`${E2E.baseURL}/explore/${project.id}`);
    expect(page.meta('og:title')).toContain(project.projectName);
    expect(page.meta('og:url')).toBe(page.canonical);
    expect(page.meta('twitter:card')).toMatch(/^summary/);
    const work = ofType<WithContext<CreativeWork>>(page.jsonLd, 'CreativeWork')!;
    expect(work['@context']).toBe('https://schema.org');
    expect(work.name).toBe(project.projectName);
    expect(work.creator).toEqual(expect.objectContaining({ '@type': 'Organization', url: `${E2E.baseURL}/firms/${project.owner.id}` }));
    const crumbs = ofType<WithContext<BreadcrumbList>>(page.jsonLd, 'BreadcrumbList')!;
    expect((crumbs.itemListElement as unknown[]).length).toBe(3);
    const image = page.meta('og:image');
    if (image) {
      expect(page.meta('og:image:width')).toBe('1200');
      const preview = await fetch(image);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/jpeg');
    }

    const firm = await describedAs(`/firms/${project.owner.id}`);
    const service = ofType<WithContext<ProfessionalService>>(firm.jsonLd, 'ProfessionalService')!;
    expect(service).toMatchObject({ url: `${E2E.baseURL}/firms/${project.owner.id}`, contactPoint: { '@type': 'ContactPoint' } });
    // `aggregateRating` only with real reviews (the demo seeds them for two of its three firms).
    const { json: reviews } = await apiCall<FirmReviewsReply>('GET', `/firms/${project.owner.id}/reviews`);
    const { rating } = reviews.data;
    if (rating.count === 0) expect(service).not.toHaveProperty('aggregateRating');
    else expect((service as { aggregateRating?: unknown }).aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: rating.count, ratingValue: ratingValueText(rating.averageCenti) });
    expect(firm.title).not.toBe(page.title);

    const directory = await describedAs('/firms');
    expect(ofType<WithContext<ItemList>>(directory.jsonLd, 'ItemList')!.itemListElement).toBeTruthy();
    const explore = await describedAs('/explore?page=2');
    expect(explore.canonical).toBe(`${E2E.baseURL}/explore?page=2`);

    const privatePage = await fetch(`${E2E.baseURL}/workspace/project`, { redirect: 'manual' });
    expect(privatePage.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const robots = await (await fetch(`${E2E.baseURL}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /workspace');
    expect(robots).toContain(`Sitemap: ${E2E.baseURL}/sitemap.xml`);
  });

  test('the sitemap index names files that list every public project with lastmod', async () => {
    const index = await (await fetch(`${E2E.baseURL}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(files.some((f) => f.includes('/sitemaps/projects.xml'))).toBe(true);
    const projects = await (await fetch(files.find((f) => f.includes('/sitemaps/projects.xml'))!)).text();
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=50');
    const locs = [...projects.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)];
    expect(locs.length).toBe(json.count);
    expect(locs[0]![1]).toMatch(new RegExp(`^${E2E.baseURL}/explore/[0-9a-f]{24}$`));
  });

  test('a visitor page is shared-cacheable with an ETag answered 304; a signed-in one is private', async ({ page }) => {
    const first = await fetch(`${E2E.baseURL}/explore`);
    expect(first.headers.get('cache-control')).toContain('s-maxage=');
    expect(first.headers.get('cache-control')).toContain('stale-while-revalidate=');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${E2E.baseURL}/explore`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // The nonce follows the content, so the cached page's scripts match the 304's policy.
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    await page.goto('/');
    const { loginAs } = await import('./fixtures');
    await loginAs(page, DEMO.explorer);
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const signedIn = await fetch(`${E2E.baseURL}/explore`, { headers: { cookie: cookies } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.headers.get('etag')).toBeNull();
  });
});
