import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCases, createAccessWorld, expectAccess, type AccessContext, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { createScheduleThroughApi, uploadedScheduleImageIds } from './helpers/schedules';
import { must, smallSummary } from './helpers/summary';
import { createTestApi, type TestApi } from './helpers/test-api';

/**
 * Every summary endpoint in the workspace access table (docs/decisions/070, 100): all of them are
 * 'work' (DESIGN.md section 9: member employees may edit the summary; another firm gets 404).
 */

let api: TestApi;
let world: AccessWorld;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
});
afterAll(async () => api?.close());

/** A schedule of the call's project with a room, a section, an item of each type, a card and an item image, made by the firm. */
async function summary({ world, project, role }: Omit<AccessContext, 'data'>) {
  const token = world.tokens.firm;
  const [imageId] = await uploadedScheduleImageIds(world.api, token, project.id, 1);
  // An image only its uploader may add: the caller's own upload when it may upload here at all.
  const uploader = role === 'member' || role === 'subAdmin' ? world.tokens[role] : token;
  const [spareImageId] = await uploadedScheduleImageIds(world.api, uploader, project.id, 1);
  const schedule = await createScheduleThroughApi(world.api, token, project.id);
  const { roomId, sectionId, items } = await smallSummary(world.api, token, schedule.id);
  const cardId = (await must(world.api, token, { method: 'POST', url: `/api/projects/summary/sections/${sectionId}/cards`, payload: { title: 'Finish' } })).id;
  await must(world.api, token, { method: 'POST', url: `/api/projects/summary/items/${items.product}/images`, payload: { images: [imageId] } });
  return { scheduleId: schedule.id, roomId, sectionId, itemId: items.product, financialId: items.financial, cardId, imageId: imageId!, spareImageId: spareImageId! };
}

const work = (e: Omit<AccessEndpoint, 'kind' | 'setup'>): AccessEndpoint => ({ kind: 'work', setup: summary, ...e });

const ENDPOINTS: AccessEndpoint[] = [
  work({ method: 'GET', url: ({ data }) => `/api/projects/summary/${data.scheduleId}` }),
  work({ method: 'POST', url: ({ data }) => `/api/projects/summary/${data.scheduleId}/rooms`, body: () => ({ name: 'Study' }), allowed: [201] }),
  work({ method: 'PUT', url: ({ data }) => `/api/projects/summary/rooms/${data.roomId}`, body: () => ({ name: 'Den', version: 1 }) }),
  work({ method: 'DELETE', url: ({ data }) => `/api/projects/summary/rooms/${data.roomId}` }),
  work({ method: 'POST', name: 'POST /api/projects/summary/rooms/{roomId}/move', url: ({ data }) => `/api/projects/summary/rooms/${data.roomId}/move`, body: () => ({ index: 0 }) }),
  work({ method: 'POST', url: ({ data }) => `/api/projects/summary/rooms/${data.roomId}/sections`, body: () => ({ title: 'Rugs' }), allowed: [201] }),
  work({ method: 'PUT', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}`, body: () => ({ status: 'approved', version: 1 }) }),
  work({ method: 'DELETE', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}` }),
  work({ method: 'POST', name: 'POST /api/projects/summary/sections/{sectionId}/copy', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}/copy`, allowed: [201] }),
  work({ method: 'POST', name: 'POST /api/projects/summary/sections/{sectionId}/move', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}/move`, body: () => ({ index: 0 }) }),
  work({ method: 'POST', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}/cards`, body: () => ({ title: 'Hardware' }), allowed: [201] }),
  work({ method: 'PUT', url: ({ data }) => `/api/projects/summary/cards/${data.cardId}`, body: () => ({ description: 'Brass' }) }),
  work({ method: 'DELETE', url: ({ data }) => `/api/projects/summary/cards/${data.cardId}` }),
  work({ method: 'POST', url: ({ data }) => `/api/projects/summary/sections/${data.sectionId}/items`, body: () => ({ type: 'financial' }), allowed: [201] }),
  work({ method: 'PUT', url: ({ data }) => `/api/projects/summary/items/${data.financialId}`, body: () => ({ retailPrice: 1000, version: 1 }) }),
  work({ method: 'PUT', name: 'PUT /api/projects/summary/{scheduleId}/items (save all)', url: ({ data }) => `/api/projects/summary/${data.scheduleId}/items`, body: ({ data }) => ({ items: [{ id: data.itemId, description: 'Oak', version: 1 }] }) }),
  work({ method: 'DELETE', url: ({ data }) => `/api/projects/summary/items/${data.itemId}` }),
  work({ method: 'POST', name: 'POST /api/projects/summary/items/{itemId}/copy', url: ({ data }) => `/api/projects/summary/items/${data.itemId}/copy`, allowed: [201] }),
  work({ method: 'POST', name: 'POST /api/projects/summary/items/{itemId}/move', url: ({ data }) => `/api/projects/summary/items/${data.itemId}/move`, body: () => ({ index: 2 }) }),
  work({
    method: 'POST',
    url: ({ data }) => `/api/projects/summary/items/${data.itemId}/images`,
    body: ({ data }) => ({ images: [data.spareImageId] }),
    allowed: [201],
  }),
  work({ method: 'DELETE', url: ({ data }) => `/api/projects/summary/items/${data.itemId}/images/${data.imageId}` }),
  work({ method: 'POST', name: 'POST /api/projects/summary/items/{itemId}/images/{imageId}/move', url: ({ data }) => `/api/projects/summary/items/${data.itemId}/images/${data.imageId}/move`, body: () => ({ index: 0 }) }),
  work({ method: 'GET', name: 'GET an item image', url: ({ project, data }) => `/api/projects/schedules/images/${project.id}/${data.imageId}?size=480` }),
];

describe('summary endpoints in the workspace access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    // The status and the error shape are asserted inside expectAccess.
    expect.hasAssertions();
    await expectAccess(world, endpoint, role);
  });
});
