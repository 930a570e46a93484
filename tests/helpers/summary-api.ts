import { afterAll, beforeAll } from 'vitest';
import { createScheduleThroughApi, tokenOf } from './schedules';
import { summaryCall } from './summary';
import { createTestApi, type TestApi } from './test-api';
import type { UserRow } from '../../server/queries/users';
import { createFirm, createWorkspaceProject } from '../../server/seed/factories';

/**
 * The summary api tests (server/routes/projects/summary/) share this: one api with a firm signed
 * in, a new schedule of a new project for a test, the call, and a count of the tables a read hit.
 * `setUpSummaryApi()` in a test file starts it before its tests and closes it after.
 */

export let api: TestApi;
export let firm: UserRow;
export let token: string;
export function setUpSummaryApi() {
  beforeAll(async () => {
    api = await createTestApi();
    firm = await createFirm(api.db, { firmName: 'Summary Studio' });
    token = await tokenOf(api, firm);
  });
  afterAll(async () => api?.close());
}

export async function newSchedule() {
  const project = await createWorkspaceProject(api.db, firm.id);
  const schedule = await createScheduleThroughApi(api, token, project.id);
  return { projectId: project.id, scheduleId: schedule.id };
}
export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => summaryCall(api, token, { method, url, payload });

/** How many of `queries` read each table (after FROM or JOIN). */
export function readsPerTable(queries: string[]) {
  const reads: Record<string, number> = {};
  for (const q of queries) for (const table of new Set([...q.matchAll(/(?:from|join) "(\w+)"/gi)].map((m) => m[1]!))) reads[table] = (reads[table] ?? 0) + 1;
  return reads;
}
