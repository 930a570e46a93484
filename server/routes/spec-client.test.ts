import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, postMultipart, type TestApi } from '../../tests/helpers/test-api';
import { IMAGES_MIN_MESSAGE, type PublicProject } from '../contract/projects';
import { createFirm, createUser } from '../seed/factories';

/**
 * A third-party client that follows the spec literally (decision 143): images through
 * POST /users/upload/file, whose `urls` POST/PUT /projects/public-project take as `projectImages`,
 * and lists whose `limit` above the maximum is clamped. Decision 020's guarantees still hold.
 */

let api: TestApi;
let firmToken: string;
let firmId: string;
let otherToken: string;
let explorerToken: string;

beforeAll(async () => {
  api = await createTestApi();
  firmId = (await createFirm(api.db, { email: 'spec-client@example.test' })).id;
  await createFirm(api.db, { email: 'spec-other@example.test' });
  await createUser(api.db, { email: 'spec-explorer@example.test', role: 'explorer' });
  [firmToken, otherToken, explorerToken] = await Promise.all(
    ['spec-client@example.test', 'spec-other@example.test', 'spec-explorer@example.test'].map((e) => loginToken(api, e)),
  );
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** What the spec's client does: its files in the multipart field `files` of POST /users/upload/file. */
async function uploadFiles(token: string, files: Array<{ data: Buffer; name: string; type?: string }>) {
  return postMultipart(api, '/api/users/upload/file', files.map((f) => ({ name: 'files', file: f.data, filename: f.name, type: f.type ?? 'image/jpeg' })), token);
}

async function uploadedUrls(token: string, n: number): Promise<string[]> {
  const image = await testImage('jpeg', 800, 600);
  const res = await uploadFiles(token, Array.from({ length: n }, (_, i) => ({ data: image, name: `photo-${i}.jpg` })));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().urls;
}

const body = (projectImages: string[], overrides: Record<string, unknown> = {}) => ({
  projectName: 'Spec House',
  projectType: 'architecture-residential',
  area: 200,
  year: 2020,
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  description: 'Made by a client that reads the spec.',
  teams: [{ name: 'Asha Mehta', role: 'Architect' }],
  projectImages,
  ...overrides,
});

describe('the spec’s own client flow', () => {
  it('uploads images through /users/upload/file, creates with projectImages, edits, reads and deletes', async () => {
    // Upload: the answer's urls are processed images (WebP, re-encoded), public under /uploads/.
    const urls = await uploadedUrls(firmToken, 5);
    expect(urls).toHaveLength(5);
    for (const url of urls) expect(url).toMatch(new RegExp(`^/uploads/projects/${firmId}/[0-9a-f]{24}_800x600/w960\\.webp$`));
    const served = await api.app.inject({ method: 'GET', url: urls[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // Create with projectImages.
    const created = await call('POST', '/projects/public-project', firmToken, body(urls.slice(0, 4)));
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json().data as PublicProject;
    expect(project.projectImages).toEqual(urls.slice(0, 4));

    // Edit: the client sends back what GET gave, reordered, one removed and a new upload added.
    const got = await call('GET', `/projects/public-project/${project.id}`, firmToken);
    expect(got.statusCode).toBe(200);
    const listed = got.json().projectData.projectImages as string[];
    const edited = [listed[3]!, listed[2]!, listed[0]!, urls[4]!];
    const put = await call('PUT', `/projects/public-project/${project.id}`, firmToken, { ...body(edited, { projectName: 'Spec House, edited' }), version: got.json().projectData.version });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.projectName).toBe('Spec House, edited');
    expect(put.json().data.projectImages).toEqual(edited);
    // The image left out is gone from storage.
    expect((await api.app.inject({ method: 'GET', url: listed[1]! })).statusCode).toBe(404);

    // Full urls (with the site's origin) name the same images.
    const absolute = edited.map((u) => `http://archivista.example${u}`);
    expect((await call('PUT', `/projects/public-project/${project.id}`, firmToken, { ...body(absolute), version: put.json().data.version })).statusCode).toBe(200);

    // Delete.
    expect((await call('DELETE', `/projects/public-project/${project.id}`, firmToken)).statusCode).toBe(200);
    expect((await call('GET', `/projects/public-project/${project.id}`, firmToken)).statusCode).toBe(404);
  });

  it('still accepts imageIds, and asks for at least 4 images when neither list is sent', async () => {
    const urls = await uploadedUrls(firmToken, 4);
    const none = await call('POST', '/projects/public-project', firmToken, body([], { projectImages: undefined }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMAGES_MIN_MESSAGE);
    const few = await call('POST', '/projects/public-project', firmToken, body(urls.slice(0, 3)));
    expect(few.statusCode).toBe(400);
    expect(few.json().details).toContainEqual({ path: 'projectImages', message: IMAGES_MIN_MESSAGE });
  });

  it('keeps decision 020: only one’s own uploads, type by content, images re-encoded', async () => {
    const mine = await uploadedUrls(firmToken, 4);
    // Another firm cannot use my uploads by their urls.
    const stolen = await call('POST', '/projects/public-project', otherToken, body(mine));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details[0]).toEqual({ path: 'projectImages.0', message: 'Image not found; upload it again' });
    // Nor a url that names no upload, or a file outside the projects folder.
    const forged = await call('POST', '/projects/public-project', firmToken, body([...mine.slice(0, 3), '/uploads/avatars/x/256.webp']));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details[0].path).toBe('projectImages.3');
    // A text file named .png is refused by its content, before anything is stored.
    const text = await uploadFiles(firmToken, [{ data: Buffer.from('not an image at all'), name: 'photo.png', type: 'image/png' }]);
    expect(text.statusCode).toBe(415);
    // Metadata is stripped: the stored variant carries no EXIF.
    const withExif = await sharp(await testImage('jpeg', 120, 80)).withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } }).jpeg().toBuffer();
    const res = await uploadFiles(firmToken, [{ data: withExif, name: 'exif.jpg' }]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await api.app.inject({ method: 'GET', url: res.json().urls[0] });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    // An explorer's upload is only ever a registration document: an image is refused.
    const explorerImage = await uploadFiles(explorerToken, [{ data: await testImage('png'), name: 'a.png', type: 'image/png' }]);
    expect(explorerImage.statusCode).toBe(415);
  });

  it('clamps a limit above the maximum on the explore and directory lists instead of refusing it', async () => {
    for (const url of ['/projects/explore?page=1&limit=500', '/users/user-firm?page=1&limit=500']) {
      const res = await call('GET', url, firmToken);
      expect(res.statusCode, url).toBe(200);
    }
  });
});
