import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { projects } from '../../server/db/schema';
import { testImage } from './showcase';
import { bearer, createTestApi, type TestApi } from './test-api';
import { sendProjectForm } from './workspace-projects';
import { createEmployee, createFirm, createUser } from '../../server/seed/factories';
import type { UserRow } from '../../server/queries/users';
import { tokensOf } from './sessions';

/**
 * The workspace projects' and members' api tests (server/routes/projects/) share this: one api with a
 * firm, another firm, a sub-admin, a member employee, a plain employee and an explorer, their
 * tokens, and the calls and storage look-ups the tests make. `setUpProjectsApi()` in a test file
 * starts it before its tests and closes it after (the bindings below are live).
 */

export let api: TestApi;
export let firm: UserRow;
export let tokens: Record<'firm' | 'foreignFirm' | 'subAdmin' | 'member' | 'employee' | 'explorer', string>;
export let memberEmployee: UserRow;

export function setUpProjectsApi() {
  beforeAll(async () => {
    api = await createTestApi();
    firm = await createFirm(api.db, { firmName: 'Mehta Studio' });
    memberEmployee = await createEmployee(api.db, firm.id);
    const people = {
      firm,
      foreignFirm: await createFirm(api.db),
      subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }),
      member: memberEmployee,
      employee: await createEmployee(api.db, firm.id),
      explorer: await createUser(api.db),
    };
    tokens = await tokensOf(api.db, people);
  });
  afterAll(() => api.close());
}

export const get = (url: string, token?: string) => api.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
export const del = (url: string, token?: string) => api.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
export const photo = async () => ({ file: await testImage('jpeg', 640, 400) });
export const create = (parts: Parameters<typeof sendProjectForm>[3], token = tokens.firm) => sendProjectForm(api, 'POST', '/api/projects', parts, token);
/** An update as the form read just now sends it: the project's current version unless the parts name one (docs/decisions/320). */
export async function update(id: string, parts: Parameters<typeof sendProjectForm>[3], token = tokens.firm) {
  const [row] = await api.db.select({ version: projects.version }).from(projects).where(eq(projects.id, id)).limit(1).catch(() => []);
  const versioned = parts.some((part) => part.name === 'version') ? parts : [...parts, { name: 'version', value: String(row?.version ?? 1) }];
  return sendProjectForm(api, 'PUT', `/api/projects/${id}`, versioned, token);
}

/** Every file under the api's private and public storage folders (relative paths). */
export async function storedFiles(): Promise<{ private: string[]; public: string[] }> {
  const list = async (dir: string) => ((await fs.readdir(dir, { recursive: true }).catch(() => [])) as string[]).filter((f) => f.endsWith('.webp') || f.includes('.'));
  return { private: await list(api.config.privateDir), public: await list(api.config.uploadsDir) };
}
export const privateFile = (key: string) => path.join(api.config.privateDir, key);
export const exists = (file: string) => fs.stat(file).then(() => true, () => false);
