import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, messagesByPath } from '../../../../tests/helpers/test-api';
import { projectBody, uploadedImageIds } from '../../../../tests/helpers/showcase';
import { IMAGES_MAX_MESSAGE, IMAGES_MIN_MESSAGE } from '../../../contract/projects';
import { api, firmToken, otherFirmToken, explorerToken, firmId, setUpPortfolioApi, call, createProject } from '../../../../tests/helpers/portfolio-api';

setUpPortfolioApi();

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
