import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../tests/helpers/schedules';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { pendingUploads } from '../db/schema';
import { scheduleImageKeys } from '../services/schedule-images';
import { createFirm, createWorkspaceProject } from './factories';
import { seedDemoSchedules } from './schedules';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

describe('seedDemoSchedules', () => {
  it('gives each project two or three dated schedules whose private images the api serves', async () => {
    const firm = await createFirm(api.db);
    const interior = await createWorkspaceProject(api.db, firm.id, { projectType: 'interior-residential' });
    const building = await createWorkspaceProject(api.db, firm.id, { projectType: 'architecture-residential' });
    expect(await seedDemoSchedules(api.ctx, [interior, building])).toBe(6);

    const token = await tokenOf(api, firm);
    const list = async (projectId: string) =>
      (await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${projectId}`, headers: bearer(token) })).json().data.schedules;
    const schedules = await list(interior.id);
    expect(schedules.map((s: { title: string }) => s.title)).toEqual(['Lighting layout', 'Kitchen joinery', 'Living room finishes']);
    expect(new Set(schedules.map((s: { createdAt: string }) => s.createdAt.slice(0, 10))).size).toBe(3);
    expect((await list(building.id)).map((s: { title: string }) => s.title)).toEqual(['Landscape and courtyard', 'Structure and roof', 'Façade and windows']);

    const image = await api.app.inject({ method: 'GET', url: schedules[0].images[0].w480, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // Every upload was claimed by its schedule: the clean-up has nothing of them to remove.
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id))).toEqual([]);
    const folder = `schedules/${interior.id}/${schedules[0].images[0].id}`;
    for (const key of scheduleImageKeys([folder])) expect(await api.ctx.storage.head('private', key)).not.toBeNull();
  });
});
