import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../../tests/helpers/showcase';
import { createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { VERIFY } from '../../contract/vocabulary';
import { createFirm, createPublicProject } from '../../seed/factories';

let api: TestApi;
let firm: { id: string };
const listed: string[] = [];

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL: 'https://archivista.example', CONTACT_LOOKUPS_PER_ADDRESS: '3' });
  const image = await testImage('jpeg', 800, 500);
  firm = await createFirm(api.db, { email: 'map@example.test', firmName: 'Map Studio', businessEmail: 'hello@map.example', contactNo: '9876543210' });
  const pending = await createFirm(api.db, { email: 'pending-map@example.test', isVerify: VERIFY.pending });
  for (let i = 0; i < 3; i++) listed.push((await createPublicProject(api.ctx, firm.id, { projectName: `Mapped ${i}`, images: [image] })).id);
  await createPublicProject(api.ctx, pending.id, { projectName: 'Not listed', images: [image] });
});
afterAll(() => api.close());

const get = (url: string, address = '203.0.113.9') => api.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-forwarded-for': address } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('the sitemaps (decision 387)', () => {
  it('the index names the pages, the projects and the firms files with their lastmod', async () => {
    const res = await get('/sitemaps/index.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['cache-control']).toContain('s-maxage');
    expect(locs(res.body)).toEqual(['https://archivista.example/sitemaps/pages.xml', 'https://archivista.example/sitemaps/projects.xml', 'https://archivista.example/sitemaps/firms.xml']);
    expect(res.body.match(/<lastmod>/g)).toHaveLength(2);
  });

  it('a projects file lists every listed project once with its lastmod, and none of an unlisted firm', async () => {
    const res = await get('/sitemaps/projects.xml');
    const urls = locs(res.body);
    expect(urls.sort()).toEqual(listed.map((id) => `https://archivista.example/explore/${id}`).sort());
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]+Z<\/lastmod>/);
    const firms = locs((await get('/sitemaps/firms.xml')).body);
    expect(firms).toEqual([`https://archivista.example/firms/${firm.id}`]);
  });

  it('a file starts after its cursor, and a cursor that is not one is refused', async () => {
    const first = await get('/projects/explore?limit=1');
    const cursor = first.json().nextCursor as string;
    const rest = locs((await get(`/sitemaps/projects.xml?after=${encodeURIComponent(cursor)}`)).body);
    expect(rest).toHaveLength(2);
    expect((await get('/sitemaps/projects.xml?after=nope')).statusCode).toBe(400);
    expect((await get('/sitemaps/firms.xml?after=nope')).statusCode).toBe(400);
  });
});

describe('previews and contact details (decision 386)', () => {
  it('a project image’s preview is a 1200 × 630 JPEG made once and kept beside its variants', async () => {
    const detail = (await get(`/projects/explore/${listed[0]}`)).json();
    const w1600 = detail.data.projectData.images[0].w1600 as string;
    const key = /^\/uploads\/(.*)\/w1600\.webp$/.exec(w1600)![1]!;
    const res = await api.app.inject({ method: 'GET', url: `/api/previews/${key}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg']);
    expect(await api.ctx.storage.head('public', `${key}/og.jpg`)).not.toBeNull();
    expect((await api.app.inject({ method: 'GET', url: '/api/previews/projects/../../etc/passwd.jpg' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/previews/projects/${'a'.repeat(24)}/${'b'.repeat(24)}_10x10.jpg` })).statusCode).toBe(404);
  });

  it('a firm’s contact details come one look-up at a time, limited per address', async () => {
    const res = await get(`/firms/${firm.id}/contact`, '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: 'hello@map.example', contactNo: '9876543210', website: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (let i = 0; i < 2; i++) expect((await get(`/firms/${firm.id}/contact`, '198.51.100.1')).statusCode).toBe(200);
    expect((await get(`/firms/${firm.id}/contact`, '198.51.100.1')).statusCode).toBe(429);
    expect((await get(`/firms/${firm.id}/contact`, '198.51.100.2')).statusCode).toBe(200);
    expect((await get(`/firms/${'0'.repeat(24)}/contact`, '198.51.100.3')).statusCode).toBe(404);
  });
});
