import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { projects } from '../../server/db/schema';
import { bearer, createTestApi, loginToken, type TestApi } from './test-api';
import { projectBody, uploadedImageIds } from './showcase';
import type { PublicProject } from '../../server/contract/projects';
import { createFirm, createUser } from '../../server/seed/factories';

/**
 * The portfolio api tests (server/routes/projects/portfolio/) share this: one api with a firm,
 * another firm and an explorer signed in, the call they make, and the files behind /uploads/ urls.
 * `setUpPortfolioApi()` in a test file starts it before its tests and closes it after.
 */

export let api: TestApi;
export let firmToken: string;
export let otherFirmToken: string;
export let explorerToken: string;
export let firmId: string;

export function setUpPortfolioApi() {
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
}

/** A call; a change of a portfolio project names the version it is at now, as a form read just now would (docs/decisions/320). */
export async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const edited = method === 'PUT' ? /^\/projects\/public-project\/([^/]+)$/.exec(url) : null;
  if (edited && payload && typeof payload === 'object' && !Array.isArray(payload) && !('version' in payload)) {
    const [row] = await api.db.select({ version: projects.version }).from(projects).where(eq(projects.id, edited[1]!)).limit(1).catch(() => []);
    payload = { ...payload, version: row?.version ?? 1 };
  }
  return api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The file on disk behind an /uploads/ url. */
export const fileOf = (url: string) => path.join(api.config.uploadsDir, url.replace(/^\/uploads\//, ''));
export const exists = (url: string) => fs.stat(fileOf(url)).then(() => true, () => false);

export async function createProject(token = firmToken, overrides: Parameters<typeof projectBody>[1] = {}) {
  const ids = await uploadedImageIds(api, token, 4);
  const res = await call('POST', '/projects/public-project', token, projectBody(ids, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PublicProject;
}
