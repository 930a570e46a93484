import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { PORTAL_MESSAGES as M, type FirmPortalReply, type PortalOverview } from '../../contract/portal';
import { createContact } from '../../seed/chat-book';
import { createWorkspaceProject } from '../../seed/factories';
import { createFolder, createProjectFile } from '../../seed/file-factories';

/**
 * Chosen project files in the client's portal (docs/decisions/422): the firm shares a drawing with a
 * contact's portal; the client lists and downloads only the files shared with them; stopping the
 * share or revoking the portal ends it; another firm's file cannot be shared.
 */

let api: TestApi;
let tokens: Awaited<ReturnType<typeof firmTeam>>['tokens'];
let contactId: string;
let otherContactId: string;
let drawing: string;
let notShared: string;
let foreignFile: string;
let token = '';
let otherToken = '';

let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: string; payload?: object } = {}) =>
  api.app.inject({ method, url: `/api${url}`, headers: options.token ? bearer(options.token) : {}, remoteAddress: nextAddress(), ...(options.payload ? { payload: options.payload } : {}) });
const overview = async (t = token) => ((await call('GET', `/portal/${t}`)).json() as { data: PortalOverview }).data;

beforeAll(async () => {
  api = await createTestApi();
  const team = await firmTeam(api.db);
  tokens = team.tokens;
  const project = await createWorkspaceProject(api.db, team.firm.id, { projectName: 'Juhu Flat' });
  const folder = await createFolder(api.db, project.id, { folderName: 'Drawings' });
  drawing = (await createProjectFile(api.ctx, folder, { fileName: 'ground-floor-plan.pdf', data: Buffer.from('%PDF-1.4 plan'), contentType: 'application/pdf' })).id;
  notShared = (await createProjectFile(api.ctx, folder, { fileName: 'fee-workings.txt' })).id;
  const foreignProject = await createWorkspaceProject(api.db, team.other.id);
  foreignFile = (await createProjectFile(api.ctx, await createFolder(api.db, foreignProject.id), { fileName: 'theirs.txt' })).id;
  contactId = (await createContact(api.db, team.firm.id, { name: 'Rhea Kapoor', email: 'rhea@client.test' })).id;
  otherContactId = (await createContact(api.db, team.firm.id, { name: 'Asha Rao', email: 'asha@client.test' })).id;
  token = ((await call('POST', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as { data: { path: string } }).data.path.replace('/portal/', '');
  otherToken = ((await call('POST', `/contacts/${otherContactId}/portal`, { token: tokens.firm })).json() as { data: { path: string } }).data.path.replace('/portal/', '');
});
afterAll(() => api?.close());

describe('chosen files in the client’s portal', () => {
  it('the firm sees its files to share, and shares one drawing (the sub-admin may too)', async () => {
    const before = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(before.data.shareableFiles.map((f) => f.fileName).sort()).toEqual(['fee-workings.txt', 'ground-floor-plan.pdf']);
    const shared = await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.subAdmin, payload: { fileId: drawing } });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json().message).toBe(M.fileShared);
    // Twice is once.
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.firm, payload: { fileId: drawing } })).statusCode).toBe(201);
    const after = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(after.data.files.map((f) => f.fileName)).toEqual(['ground-floor-plan.pdf']);
    expect(after.data.shareableFiles.map((f) => f.fileName)).toEqual(['fee-workings.txt']);
  });

  it('another firm’s file, or no file, cannot be shared; a plain employee and another firm are refused', async () => {
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.firm, payload: { fileId: foreignFile } })).statusCode).toBe(404);
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.firm, payload: { fileId: 'nope' } })).statusCode).toBe(404);
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.firm, payload: {} })).statusCode).toBe(400);
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.employee, payload: { fileId: drawing } })).statusCode).toBe(403);
    expect((await call('POST', `/contacts/${contactId}/portal/files`, { token: tokens.other, payload: { fileId: drawing } })).statusCode).toBe(404);
  });

  it('the client lists and downloads only what was shared with them', async () => {
    const data = await overview();
    expect(data.files).toEqual([expect.objectContaining({ id: drawing, fileName: 'ground-floor-plan.pdf', projectName: 'Juhu Flat', contentType: 'application/pdf' })]);
    const download = await call('GET', `/portal/${token}/files/${drawing}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.body).toBe('%PDF-1.4 plan');
    // Not shared, another firm's, or shared with someone else: not there.
    expect((await call('GET', `/portal/${token}/files/${notShared}`)).statusCode).toBe(404);
    expect((await call('GET', `/portal/${token}/files/${foreignFile}`)).statusCode).toBe(404);
    expect((await overview(otherToken)).files).toEqual([]);
    expect((await call('GET', `/portal/${otherToken}/files/${drawing}`)).statusCode).toBe(404);
  });

  it('stopping the share ends the download', async () => {
    const otherShare = await call('POST', `/contacts/${otherContactId}/portal/files`, { token: tokens.firm, payload: { fileId: drawing } });
    expect(otherShare.statusCode).toBe(201);
    const stopped = await call('DELETE', `/contacts/${otherContactId}/portal/files/${drawing}`, { token: tokens.firm });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await call('DELETE', `/contacts/${otherContactId}/portal/files/${drawing}`, { token: tokens.firm })).statusCode).toBe(404);
    expect((await call('GET', `/portal/${otherToken}/files/${drawing}`)).statusCode).toBe(404);
    // The first client's share is their own: still there.
    expect((await call('GET', `/portal/${token}/files/${drawing}`)).statusCode).toBe(200);
  });

  it('revoking the portal ends it at once: 410, nothing listed', async () => {
    expect((await call('DELETE', `/contacts/${contactId}/portal`, { token: tokens.firm })).statusCode).toBe(200);
    const gone = await call('GET', `/portal/${token}/files/${drawing}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).not.toContain('plan');
    expect((await call('GET', `/portal/${token}`)).statusCode).toBe(410);
    const firmSide = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(firmSide.data.files).toEqual([]);
  });
});
