import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, messagesByPath, postMultipart, type TestApi } from '../../tests/helpers/test-api';
import { projectBody, testImage, uploadedImageIds, uploadImages } from '../../tests/helpers/showcase';
import { IMAGE_TYPE_MESSAGE, IMAGES_MAX_MESSAGE, IMAGES_MIN_MESSAGE, type PublicProject } from '../contract/projects';
import { VERIFY } from '../contract/vocabulary';
import { projectImages, projects } from '../db/schema';
import { createFirm, createUser } from '../seed/factories';

let api: TestApi;
let firmToken: string;
let otherFirmToken: string;
let explorerToken: string;
let firmId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { email: 'owner@example.test' });
  firmId = firm.id;
  await createFirm(api.db, { email: 'other@example.test' });
  await createUser(api.db, { email: 'explorer@example.test', role: 'explorer' });
  [firmToken, otherFirmToken, explorerToken] = await Promise.all([
    loginToken(api, 'owner@example.test'),
    loginToken(api, 'other@example.test'),
    loginToken(api, 'explorer@example.test'),
  ]);
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The file on disk behind an /uploads/ url. */
const fileOf = (url: string) => path.join(api.config.uploadsDir, url.replace(/^\/uploads\//, ''));
const exists = (url: string) => fs.stat(fileOf(url)).then(() => true, () => false);

async function createProject(token = firmToken, overrides: Parameters<typeof projectBody>[1] = {}) {
  const ids = await uploadedImageIds(api, token, 4);
  const res = await call('POST', '/projects/public-project', token, projectBody(ids, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PublicProject;
}

describe('POST /api/projects/images', () => {
  it('stores JPEG, PNG and GIF as three WebP variants, never upscaled, and answers their records', async () => {
    const files = [await testImage('jpeg', 64, 48), await testImage('png', 2000, 1000), await testImage('gif', 30, 20)];
    const res = await uploadImages(api, firmToken, files);
    expect(res.statusCode, res.body).toBe(201);
    const { images, urls } = res.json();
    expect(images).toHaveLength(3);
    expect(urls).toEqual(images.map((i: { w960: string }) => i.w960));
    expect(images[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{24}_64x48$/), width: 64, height: 48 });
    expect(images[0].url).toBe(images[0].w960);
    for (const image of images) {
      for (const [name, target] of [['w480', 480], ['w960', 960], ['w1600', 1600]] as const) {
        expect(image[name]).toMatch(new RegExp(`^/uploads/projects/${firmId}/[0-9a-f]{24}_\\d+x\\d+/${name}\\.webp$`));
        const meta = await sharp(await fs.readFile(fileOf(image[name]))).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Math.min(target, image.width));
      }
    }
    // The variants are served under /uploads/ with their type and nosniff.
    const served = await api.app.inject({ method: 'GET', url: images[1].w480 });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a text file named .png by its content with the spec message, and stores nothing of the request', async () => {
    const before = await fs.readdir(path.join(api.config.uploadsDir, 'projects', firmId)).catch(() => []);
    const res = await postMultipart(
      api,
      '/api/projects/images',
      [
        { name: 'files', file: await testImage('jpeg'), filename: 'good.jpg', type: 'image/jpeg' },
        { name: 'files', file: Buffer.from('just some text, not a picture\n'.repeat(20)), filename: 'photo.png', type: 'image/png' },
      ],
      firmToken,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_TYPE_MESSAGE);
    const after = await fs.readdir(path.join(api.config.uploadsDir, 'projects', firmId)).catch(() => []);
    expect(after.sort()).toEqual(before.sort());
  });

  it('refuses WebP and a corrupt JPEG (type by content, then decodable) with the spec message', async () => {
    expect((await uploadImages(api, firmToken, [await testImage('webp')])).statusCode).toBe(415);
    const jpeg = await testImage('jpeg', 200, 200);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 0x55)]);
    const res = await uploadImages(api, firmToken, [broken]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('answers 413 for a file over 15 MB and for more than 20 files in one request', async () => {
    const big = Buffer.concat([await testImage('jpeg'), Buffer.alloc(15 * 1024 * 1024)]);
    const tooBig = await uploadImages(api, firmToken, [big]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Each image must be at most 15 MB.');
    const image = await testImage('jpeg');
    const tooMany = await uploadImages(api, firmToken, Array.from({ length: 21 }, () => image));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('Upload at most 20 images at a time.');
  });

  it('answers 400 without files, 415 for a JSON body, 401 without a token and 403 for an explorer', async () => {
    const none = await postMultipart(api, '/api/projects/images', [{ name: 'note', value: 'nothing' }], firmToken);
    expect(none.statusCode).toBe(400);
    expect((await call('POST', '/projects/images', firmToken, { files: [] })).statusCode).toBe(415);
    expect((await uploadImages(api, '', [await testImage()])).statusCode).toBe(401);
    expect((await uploadImages(api, explorerToken, [await testImage()])).statusCode).toBe(403);
  });

  it('strips EXIF, GPS included, from every variant and keeps no original', async () => {
    const withGps = await sharp(await testImage('jpeg', 120, 90))
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Spy 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 24/1' },
      })
      .jpeg()
      .toBuffer();
    const source = await sharp(withGps).metadata();
    expect(source.exif?.toString('latin1')).toContain('TestCam');
    const res = await uploadImages(api, firmToken, [withGps]);
    expect(res.statusCode).toBe(201);
    const [image] = res.json().images;
    const folder = path.dirname(fileOf(image.w480));
    expect((await fs.readdir(folder)).sort()).toEqual(['w1600.webp', 'w480.webp', 'w960.webp']);
    for (const name of ['w480', 'w960', 'w1600']) {
      const bytes = await fs.readFile(fileOf(image[name]));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('honours the EXIF orientation before dropping it', async () => {
    // 80×40 stored, orientation 6 (rotate 90° clockwise): displayed 40×80.
    const rotated = await sharp(await testImage('jpeg', 80, 40)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await uploadImages(api, firmToken, [rotated]);
    const [image] = res.json().images;
    expect(image).toMatchObject({ width: 40, height: 80 });
    const meta = await sharp(await fs.readFile(fileOf(image.w960))).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined]);
  });

  it('lets the uploader discard an upload not yet in a project; others get 404', async () => {
    const [id] = await uploadedImageIds(api, firmToken, 1);
    expect((await call('DELETE', `/projects/images/${id}`, otherFirmToken)).statusCode).toBe(404);
    const res = await call('DELETE', `/projects/images/${id}`, firmToken);
    expect(res.statusCode).toBe(200);
    const project = await call('POST', '/projects/public-project', firmToken, projectBody([id!, ...(await uploadedImageIds(api, firmToken, 3))]));
    expect(project.statusCode).toBe(400);
    expect(project.json().details[0]).toEqual({ path: 'imageIds.0', message: 'Image not found; upload it again' });
  });
});

describe('POST /api/projects/public-project', () => {
  it('creates the project with its images in order and answers { data: project } with projectImages and srcset images', async () => {
    const ids = await uploadedImageIds(api, firmToken, 5);
    const res = await call('POST', '/projects/public-project', firmToken, projectBody(ids, { architecture: [{ name: 'Roof', style: 'Timber' }, { name: '', style: '' }] }));
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      userId: firmId,
      isPrivate: false,
      projectName: 'Courtyard House',
      projectType: 'architecture-residential',
      projectTypeLabel: 'Architecture – Residential',
      projectLocation: 'Baner',
      area: 320,
      year: 2021,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      architecture: [{ name: 'Roof', style: 'Timber' }],
      teams: [{ name: 'Asha Mehta', role: 'Architect' }],
    });
    expect(data.id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.images.map((i: { id: string }) => i.id)).toEqual(ids.map((id) => id.slice(0, 24)));
    expect(data.projectImages).toEqual(data.images.map((i: { w960: string }) => i.w960));
    expect(data.images[0]).toEqual({ id: expect.any(String), url: data.images[0].w960, w480: expect.any(String), w960: expect.any(String), w1600: expect.any(String), width: 64, height: 48 });
  });

  it('accepts area and year given as digits (a form) and refuses a project of 3 and of 101 images with the spec messages', async () => {
    const ok = await call('POST', '/projects/public-project', firmToken, projectBody(await uploadedImageIds(api, firmToken, 4), { area: '75' as unknown as number, year: '2019' as unknown as number }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ area: 75, year: 2019 });

    const three = await call('POST', '/projects/public-project', firmToken, projectBody(await uploadedImageIds(api, firmToken, 3)));
    expect(three.statusCode).toBe(400);
    expect(three.json().details).toContainEqual({ path: 'imageIds', message: IMAGES_MIN_MESSAGE });

    const many = await call('POST', '/projects/public-project', firmToken, projectBody(await uploadedImageIds(api, firmToken, 101)));
    expect(many.statusCode).toBe(400);
    expect(many.json().details).toContainEqual({ path: 'imageIds', message: IMAGES_MAX_MESSAGE });
  });

  it('answers every missing field with the spec message', async () => {
    const res = await call('POST', '/projects/public-project', firmToken, {
      projectName: ' ',
      projectType: '',
      area: '',
      year: null,
      country: '',
      state: '',
      city: '',
      description: '',
      teams: [{ name: '', role: '' }],
      imageIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toMatchObject({
      projectName: 'Project name is required',
      projectType: 'Project type is required',
      area: 'Area is required',
      year: 'Year is required',
      // State and city follow the place rule once a country is chosen (form-rules.test.ts).
      country: 'Country is required',
      description: 'Description is required',
      'teams.0.name': 'Name is required',
      'teams.0.role': 'Role is required',
      imageIds: IMAGES_MIN_MESSAGE,
    });
    const noTeams = await call('POST', '/projects/public-project', firmToken, projectBody(await uploadedImageIds(api, firmToken, 4), { teams: [] }));
    expect(noTeams.json().details).toContainEqual({ path: 'teams', message: 'Add at least one team member' });
  });

  it('refuses an unknown project type, an area of 0, an absurd year and a place outside the data set', async () => {
    const ids = await uploadedImageIds(api, firmToken, 4);
    const cases: Array<[Parameters<typeof projectBody>[1], string]> = [
      [{ projectType: 'castle' }, 'projectType'],
      [{ area: 0 }, 'area'],
      [{ area: 12.5 }, 'area'],
      [{ year: 1200 }, 'year'],
      [{ country: 'Atlantis' }, 'country'],
      [{ state: 'Bavaria' }, 'state'],
      [{ city: 'Chennai' }, 'city'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/projects/public-project', firmToken, projectBody(ids, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().details[0].path).toBe(field);
    }
  });

  it('refuses another firm’s upload, an unknown id and an image already in a project', async () => {
    const theirs = await uploadedImageIds(api, otherFirmToken, 1);
    const mine = await uploadedImageIds(api, firmToken, 3);
    const res = await call('POST', '/projects/public-project', firmToken, projectBody([...mine, theirs[0]!]));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'imageIds.3', message: 'Image not found; upload it again' }]);

    const unknown = await call('POST', '/projects/public-project', firmToken, projectBody([...mine, 'f'.repeat(24)]));
    expect(unknown.statusCode).toBe(400);

    const project = await createProject();
    const reused = await call('POST', '/projects/public-project', firmToken, projectBody([...mine, project.images[0]!.id]));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().details[0].message).toBe('This image belongs to another project; upload it again');
  });

  it('two simultaneous saves of the same uploads: one project gets them, the other is refused without a 500', async () => {
    const ids = await uploadedImageIds(api, firmToken, 4);
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/projects/public-project', firmToken, projectBody(ids))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
  });

  it('answers 401 without a token and 403 for an explorer', async () => {
    expect((await call('POST', '/projects/public-project', undefined, projectBody([]))).statusCode).toBe(401);
    const res = await call('POST', '/projects/public-project', explorerToken, projectBody([]));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only firm accounts can do this' });
  });

  it('never answers 500 to malformed bodies', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 5 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom('projectName', 'projectType', 'area', 'year', 'country', 'state', 'city', 'description', 'teams', 'architecture', 'imageIds', 'projectLocation', '__proto__', 'constructor'),
        fc.oneof(value, fc.array(fc.dictionary(fc.constantFrom('name', 'role', 'style'), value), { maxLength: 3 })),
      ),
      value,
    );
    const ids = await uploadedImageIds(api, firmToken, 4);
    const project = await createProject();
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, asUpdate) => {
        const merged = payload && typeof payload === 'object' && !Array.isArray(payload) ? { ...projectBody(ids), ...payload } : payload;
        const res = await api.app.inject({
          method: asUpdate ? 'PUT' : 'POST',
          url: asUpdate ? `/api/projects/public-project/${project.id}` : '/api/projects/public-project',
          headers: { ...bearer(firmToken), 'content-type': 'application/json' },
          payload: JSON.stringify(merged),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    // Raw text that is not JSON at all.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (raw) => {
        const res = await api.app.inject({ method: 'POST', url: '/api/projects/public-project', headers: { ...bearer(firmToken), 'content-type': 'application/json' }, payload: raw });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET, PUT, DELETE /api/projects/public-project/{id}', () => {
  it('GET answers { projectData, userData } to the owner and to others while the firm is approved', async () => {
    const project = await createProject();
    for (const token of [firmToken, otherFirmToken, explorerToken, undefined]) {
      const res = await call('GET', `/projects/public-project/${project.id}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().projectData).toEqual(project);
      expect(res.json().userData).toMatchObject({ id: firmId, projectCount: expect.any(Number) });
      // The owner as the public sees it: no login email (decision 191).
      expect(res.json().userData).not.toHaveProperty('email');
    }
    expect((await call('GET', `/projects/public-project/${'0'.repeat(24)}`, firmToken)).statusCode).toBe(404);
    expect((await call('GET', '/projects/public-project/not-an-id', firmToken)).statusCode).toBe(404);
  });

  it('GET of a pending firm’s project: the owner sees it, nobody else', async () => {
    const pending = await createFirm(api.db, { email: 'pending-get@example.test', isVerify: VERIFY.pending });
    const token = await loginToken(api, 'pending-get@example.test');
    const project = await createProject(token);
    expect((await call('GET', `/projects/public-project/${project.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', `/projects/public-project/${project.id}`, otherFirmToken)).statusCode).toBe(404);
    expect((await call('GET', `/projects/public-project/${project.id}`)).statusCode).toBe(404);
    expect(pending.id).toBeTruthy();
  });

  it('PUT updates fields, reorders, keeps, adds and removes images, and deletes the removed files', async () => {
    const project = await createProject();
    const [a, b, c, d] = project.images;
    const added = await uploadedImageIds(api, firmToken, 1);
    const res = await call('PUT', `/projects/public-project/${project.id}`, firmToken, projectBody([d!.id, added[0]!, b!.id, a!.id], { projectName: 'Courtyard House II', teams: [{ name: 'R K', role: 'Engineer' }, { name: 'N R', role: 'Manager' }] }));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.projectName).toBe('Courtyard House II');
    expect(data.teams).toHaveLength(2);
    expect(data.images.map((i: { id: string }) => i.id)).toEqual([d!.id, added[0]!.slice(0, 24), b!.id, a!.id]);
    expect(data.images[0]).toEqual(d);
    for (const url of [c!.w480, c!.w960, c!.w1600]) expect(await exists(url)).toBe(false);
    for (const url of [a!.w480, d!.w1600]) expect(await exists(url)).toBe(true);
    expect(new Date(data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(project.updatedAt).getTime());
  });

  it('PUT refuses fewer than 4 images and leaves the project as it was', async () => {
    const project = await createProject();
    const res = await call('PUT', `/projects/public-project/${project.id}`, firmToken, projectBody(project.images.slice(0, 3).map((i) => i.id)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGES_MIN_MESSAGE);
    const rows = await api.db.select().from(projectImages).where(eq(projectImages.projectId, project.id));
    expect(rows).toHaveLength(4);
  });

  it('PUT and DELETE: another firm gets 404, an explorer 403, no token 401', async () => {
    const project = await createProject();
    const body = projectBody(project.images.map((i) => i.id));
    expect((await call('PUT', `/projects/public-project/${project.id}`, otherFirmToken, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/public-project/${project.id}`, otherFirmToken)).statusCode).toBe(404);
    expect((await call('PUT', `/projects/public-project/${project.id}`, explorerToken, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/projects/public-project/${project.id}`, explorerToken)).statusCode).toBe(403);
    expect((await call('PUT', `/projects/public-project/${project.id}`, undefined, body)).statusCode).toBe(401);
    expect((await call('DELETE', `/projects/public-project/${project.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/projects/public-project/${project.id}`, firmToken)).json().projectData.images).toHaveLength(4);
  });

  it('a workspace (private) project is not a public project: 404', async () => {
    const [row] = await api.db.insert(projects).values({ id: 'a'.repeat(24), userId: firmId, isPrivate: true, projectName: 'Secret', projectType: 'interior-residential' }).returning();
    expect((await call('GET', `/projects/public-project/${row!.id}`, firmToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/public-project/${row!.id}`, firmToken)).statusCode).toBe(404);
  });

  it('DELETE removes the project, its image rows and files', async () => {
    const project = await createProject();
    const res = await call('DELETE', `/projects/public-project/${project.id}`, firmToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Project deleted' });
    expect((await call('GET', `/projects/public-project/${project.id}`, firmToken)).statusCode).toBe(404);
    expect(await api.db.select().from(projectImages).where(eq(projectImages.projectId, project.id))).toEqual([]);
    for (const image of project.images) for (const url of [image.w480, image.w960, image.w1600]) expect(await exists(url)).toBe(false);
  });
});

describe('GET /api/projects/portfolio', () => {
  it('answers the signed-in firm’s own profile and public projects, newest first, even before approval', async () => {
    await createFirm(api.db, { email: 'portfolio-pending@example.test', isVerify: VERIFY.pending, firmName: 'Waiting Studio' });
    const token = await loginToken(api, 'portfolio-pending@example.test');
    const first = await createProject(token, { projectName: 'First' });
    const second = await createProject(token, { projectName: 'Second' });
    const res = await call('GET', '/projects/portfolio', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['hidden', 'projects', 'userData']);
    expect(body.userData).toMatchObject({ firmName: 'Waiting Studio', projectCount: 2, isVerify: VERIFY.pending });
    expect(body.projects.map((p: PublicProject) => p.id)).toEqual([second.id, first.id]);
    expect(body.projects[0]).toEqual(second);
  });

  it('answers 403 to an explorer and 401 without a token', async () => {
    expect((await call('GET', '/projects/portfolio', explorerToken)).statusCode).toBe(403);
    expect((await call('GET', '/projects/portfolio')).statusCode).toBe(401);
    expect((await call('GET', '/projects/portfolio', 'not-a-real-token')).statusCode).toBe(401);
  });
});
