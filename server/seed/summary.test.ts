import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../tests/helpers/schedules';
import { readSummary } from '../../tests/helpers/summary';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { pendingUploads } from '../db/schema';
import { listSchedules } from '../queries/schedules';
import { createFirm, createWorkspaceProject } from './factories';
import { seedDemoSchedules } from './schedules';
import { seedDemoSummaries } from './summary';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

describe('seedDemoSummaries', () => {
  it('gives the first schedule of each firm’s first project two rooms, every status, every item type and figures', async () => {
    const firm = await createFirm(api.db);
    const first = await createWorkspaceProject(api.db, firm.id, { projectType: 'interior-residential' });
    const second = await createWorkspaceProject(api.db, firm.id, { projectType: 'interior-residential' });
    await seedDemoSchedules(api.ctx, [first, second]);
    expect(await seedDemoSummaries(api.ctx, [first, second])).toBe(1);
    const token = await tokenOf(api, firm);
    const [schedule] = await listSchedules(api.db, first.id);
    const summary = await readSummary(api, token, schedule!.id);
    expect(summary.rooms.map((r) => r.name)).toEqual(['Living room', 'Kitchen']);
    const sections = summary.rooms.flatMap((r) => r.sections);
    expect(new Set(sections.map((s) => s.status))).toEqual(new Set(['none', 'approved', 'in_review', 'rejected']));
    const items = sections.flatMap((s) => s.items);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['product', 'description', 'title', 'financial']));
    expect(summary.totals.clientPrice).toBeGreaterThan(0);
    const image = items.find((i) => i.images.length)!.images[0]!;
    expect((await api.app.inject({ method: 'GET', url: image.w480, headers: bearer(token) })).statusCode).toBe(200);
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id))).toEqual([]);
    const [other] = await listSchedules(api.db, second.id);
    expect((await readSummary(api, token, other!.id)).rooms).toEqual([]);
  });
});
