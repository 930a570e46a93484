import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../tests/helpers/query-counter';
import { bearer, createTestApi, postMultipart, type MultipartPart, type TestApi } from '../../../tests/helpers/test-api';
import type { UserRow } from '../../queries/users';
import { createEmployee, createFirm, createMember, createUser, createWorkspaceProject } from '../../seed/factories';
import { createFolder, createProjectFile } from '../../seed/file-factories';
import { createSession } from '../../queries/sessions';

/**
 * A firm's storage quota (docs/decisions/242), here 1 MB: project files, pending
 * uploads and chat files count; an upload past it answers 413 "Storage limit reached" and keeps
 * nothing; Setting reads used/total; the check is one statement per upload.
 */

const MB = 1024 * 1024;
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ FIRM_STORAGE_QUOTA_MB: '1' });
});
afterAll(async () => api?.close());

async function firmWithFolder() {
  const firm = await createFirm(api.db);
  const token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id);
  const folder = await createFolder(api.db, project.id);
  return { firm, token, project, folder };
}

const file = (filename: string, bytes: number): MultipartPart => ({ name: 'files', file: Buffer.alloc(bytes, 'a'), filename, type: 'text/plain' });
const upload = (target: { project: { id: string }; folder: { id: string } }, parts: MultipartPart[], token: string) =>
  postMultipart(api, '/api/users/project/upload-file', [{ name: 'projectId', value: target.project.id }, { name: 'folderId', value: target.folder.id }, ...parts], token);
const usage = async (token: string) => (await api.app.inject({ url: '/api/workspace/storage', headers: bearer(token) })).json().data as { usedBytes: number; quotaBytes: number };

describe('the storage quota', () => {
  it('counts pending uploads and stored files; an upload past the quota answers 413 and stores nothing', async () => {
    const target = await firmWithFolder();
    expect(await usage(target.token)).toEqual({ usedBytes: 0, quotaBytes: MB });

    const first = await upload(target, [file('a.txt', 600 * 1024)], target.token);
    expect(first.statusCode, first.body).toBe(201);
    // Pending (never put into the folder) still counts until it is removed.
    expect((await usage(target.token)).usedBytes).toBe(600 * 1024);

    const over = await upload(target, [file('b.txt', 500 * 1024)], target.token);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/^Storage limit reached/);
    expect((await usage(target.token)).usedBytes).toBe(600 * 1024);

    const fits = await upload(target, [file('c.txt', 300 * 1024)], target.token);
    expect(fits.statusCode).toBe(201);
    // A stored file counts as well: now past the quota, even a tiny upload is refused before it is read.
    await createProjectFile(api.ctx, target.folder, { data: Buffer.alloc(200 * 1024) });
    expect((await usage(target.token)).usedBytes).toBe(1100 * 1024);
    const tiny = await upload(target, [file('d.txt', 10)], target.token);
    expect(tiny.statusCode).toBe(413);
    expect(tiny.json().message).toContain('1.1 MB of 1 MB');
  });

  it("counts every account of the firm (an employee's upload and chat files) and no other firm's", async () => {
    const target = await firmWithFolder();
    const employee: UserRow = await createEmployee(api.db, target.firm.id);
    await createMember(api.db, target.project.id, { email: employee.email });
    const employeeToken = (await createSession(api.db, employee.id, { remember: false })).token;
    expect((await upload(target, [file('e.txt', 400 * 1024)], employeeToken)).statusCode).toBe(201);
    const chat = await postMultipart(api, `/api/projects/${target.project.id}/chat`, [{ name: 'body', value: 'plans' }, file('plan.txt', 400 * 1024)], employeeToken);
    expect(chat.statusCode).toBe(201);
    expect((await usage(target.token)).usedBytes).toBe(800 * 1024);
    const refusedChat = await postMultipart(api, `/api/projects/${target.project.id}/chat`, [{ name: 'body', value: 'more' }, file('more.txt', 300 * 1024)], employeeToken);
    expect(refusedChat.statusCode).toBe(413);
    expect(refusedChat.json().message).toMatch(/^Storage limit reached/);

    const other = await firmWithFolder();
    expect((await usage(other.token)).usedBytes).toBe(0);
    expect((await upload(other, [file('f.txt', 900 * 1024)], other.token)).statusCode).toBe(201);
  });

  it('costs one statement per upload', async () => {
    const target = await firmWithFolder();
    const { queries } = await countQueries(api, () => upload(target, [file('g.txt', 1024)], target.token));
    expect(queries.filter((q) => /coalesce\(sum\(/.test(q))).toHaveLength(1);
  });

  it('answers Setting for the whole firm; nobody and an explorer are refused', async () => {
    const target = await firmWithFolder();
    expect((await api.app.inject({ url: '/api/workspace/storage' })).statusCode).toBe(401);
    const explorer = await createUser(api.db, { role: 'explorer' });
    const explorerToken = (await createSession(api.db, explorer.id, { remember: false })).token;
    expect((await api.app.inject({ url: '/api/workspace/storage', headers: bearer(explorerToken) })).statusCode).toBe(403);
    expect((await usage(target.token)).quotaBytes).toBe(MB);
  });
});
