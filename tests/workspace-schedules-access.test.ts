import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCases, createAccessWorld, expectAccess, type AccessContext, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { createScheduleThroughApi, uploadedScheduleImageIds } from './helpers/schedules';
import { testImage } from './helpers/showcase';
import { createTestApi, type TestApi } from './helpers/test-api';

/**
 * Every schedule endpoint in the workspace access table (docs/decisions/070): all of them are
 * 'work' (DESIGN.md section 9: member employees may edit schedules).
 */

let api: TestApi;
let world: AccessWorld;
let png: Buffer;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
  png = await testImage('png');
});
afterAll(async () => api?.close());

/** A schedule of the call's project with one image, made by the firm. */
async function scheduleWithImage({ world, project }: Omit<AccessContext, 'data'>) {
  const [imageId] = await uploadedScheduleImageIds(world.api, world.tokens.firm, project.id);
  const schedule = await createScheduleThroughApi(world.api, world.tokens.firm, project.id, { schedulesFiles: [imageId!] });
  return { scheduleId: schedule.id, imageId: imageId! };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/projects/schedules/${project.id}` },
  // The summary editor's one read: the same list with a schedule's summary.
  {
    method: 'GET',
    kind: 'work',
    name: 'GET /api/projects/schedules/{projectId}?summary={scheduleId}',
    setup: scheduleWithImage,
    url: ({ project, data }) => `/api/projects/schedules/${project.id}?summary=${data.scheduleId}`,
  },
  {
    method: 'POST',
    kind: 'work',
    name: 'POST /api/projects/schedules',
    url: () => '/api/projects/schedules',
    body: ({ project }) => ({ projectId: project.id, title: 'Bathroom', description: 'Tiles and fittings' }),
    allowed: [201],
  },
  {
    method: 'PUT',
    kind: 'work',
    setup: scheduleWithImage,
    url: ({ data }) => `/api/projects/schedules/${data.scheduleId}`,
    body: () => ({ title: 'Renamed', version: 1 }),
  },
  { method: 'DELETE', kind: 'work', setup: scheduleWithImage, url: ({ data }) => `/api/projects/schedules/${data.scheduleId}` },
  {
    method: 'POST',
    kind: 'work',
    name: 'POST /api/projects/schedules/upload-file',
    url: () => '/api/projects/schedules/upload-file',
    multipart: ({ project }) => [
      { name: 'projectId', value: project.id },
      { name: 'files', file: png, filename: 'plan.png', type: 'image/png' },
    ],
    allowed: [201],
  },
  {
    method: 'GET',
    kind: 'work',
    setup: scheduleWithImage,
    url: ({ project, data }) => `/api/projects/schedules/images/${project.id}/${data.imageId}?size=480`,
  },
];

describe('schedule endpoints in the workspace access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    // The status and the error shape are asserted inside expectAccess.
    expect.hasAssertions();
    await expectAccess(world, endpoint, role);
  });
});
