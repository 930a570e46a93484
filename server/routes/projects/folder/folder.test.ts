import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../../../../tests/helpers/test-api';
import { FOLDER_LIMITS, FOLDER_MESSAGES } from '../../../contract/files';
import { files, folders } from '../../../db/schema';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';
import { createFolder, createProjectFile } from '../../../seed/file-factories';
import { api, firm, setUpFilesApi, call, project, storedKeys, folderIn, audits } from '../../../../tests/helpers/files-api';

/**
 * A workspace project's folders and files (workspace-and-admin.md screens 4 and 5, DESIGN.md
 * section 3, docs/decisions/091 to 094): every endpoint, its refusals, the type found from the
 * content, private bytes served with ranges and safe dispositions, and uploads that store all or
 * nothing. Who may call what is in tests/workspace-files-access.test.ts.
 */

setUpFilesApi();

describe('folders', () => {
  it('lists a project’s folders, oldest first, with their number of files and the project’s name', async () => {
    const p = await project();
    const first = await createFolder(api.db, p.id, { folderName: 'Drawings', createdAt: new Date('2026-01-01') });
    await createFolder(api.db, p.id, { folderName: 'Site visits', createdAt: new Date('2026-02-01') });
    await createProjectFile(api.ctx, first);
    await createProjectFile(api.ctx, first);
    const res = await call('GET', `/api/projects/folder/${p.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.project).toEqual({ id: p.id, projectName: 'Courtyard House' });
    expect(data.folders.map((f: { folderName: string; fileCount: number; type: string }) => [f.folderName, f.fileCount, f.type])).toEqual([
      ['Drawings', 2, 'folder'],
      ['Site visits', 0, 'folder'],
    ]);
  });

  it('answers 404 for an unknown, malformed or another firm’s project', async () => {
    const other = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    for (const id of ['0123456789abcdef01234567', 'nope', other.id]) {
      const res = await call('GET', `/api/projects/folder/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Project not found');
    }
  });

  it("adds 'New Folder' by default, numbered when the name is taken, and records it", async () => {
    const p = await project();
    const names = [];
    for (const body of [{ projectId: p.id }, { projectId: p.id, folderName: '  ' }, { projectId: p.id, userId: 'ignored' }]) {
      const res = await call('POST', '/api/projects/folder', body);
      expect(res.statusCode, res.body).toBe(201);
      names.push(res.json().data.folderName);
      expect(res.json().data).toEqual(expect.objectContaining({ projectId: p.id, userId: firm.id, type: 'folder', fileCount: 0 }));
    }
    expect(names).toEqual(['New Folder', 'New Folder (2)', 'New Folder (3)']);
    const named = await call('POST', '/api/projects/folder', { projectId: p.id, folderName: '  Site 50% _photos ' });
    expect(named.json().data.folderName).toBe('Site 50% _photos');
    const [audit] = await audits('folder.created', named.json().data.id);
    expect(audit).toEqual(expect.objectContaining({ actorId: firm.id, firmId: firm.id, targetType: 'folder' }));
  });

  it('refuses a name that is too long or holds control characters, with the field’s message', async () => {
    const p = await project();
    const long = await call('POST', '/api/projects/folder', { projectId: p.id, folderName: 'x'.repeat(FOLDER_LIMITS.name + 1) });
    expect(long.statusCode).toBe(400);
    expect(messagesByPath(long)).toEqual({ folderName: FOLDER_MESSAGES.nameTooLong });
    const control = await call('POST', '/api/projects/folder', { projectId: p.id, folderName: 'a\u0007b' });
    expect(control.statusCode).toBe(400);
    expect(messagesByPath(control)).toEqual({ folderName: FOLDER_MESSAGES.nameControl });
    expect((await call('POST', '/api/projects/folder', { folderName: 'x' })).statusCode).toBe(400);
    // A lone surrogate (JSON allows it, PostgreSQL's jsonb of the audit row does not) is replaced, as a browser would.
    const surrogate = await call('POST', '/api/projects/folder', { projectId: p.id, folderName: 'Plans \ud800' });
    expect(surrogate.statusCode).toBe(201);
    expect(surrogate.json().data.folderName).toBe('Plans \ufffd');
  });

  it(`keeps a project at ${FOLDER_LIMITS.perProject} folders`, async () => {
    const p = await project();
    await api.db.insert(folders).values(
      Array.from({ length: FOLDER_LIMITS.perProject }, (_, i) => ({ id: `${p.id.slice(0, 16)}${String(i).padStart(8, '0')}`, projectId: p.id, folderName: `F${i}` })),
    );
    const res = await call('POST', '/api/projects/folder', { projectId: p.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FOLDER_MESSAGES.tooMany);
  });

  it('renames a folder (audit row with both names); an empty name is refused with the spec’s message', async () => {
    const p = await project();
    const folder = await folderIn(p.id, 'New Folder');
    await createProjectFile(api.ctx, folder);
    const res = await call('PUT', `/api/projects/folder/${folder.id}`, { folderName: ' Drawings ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ id: folder.id, folderName: 'Drawings', fileCount: 1 }));
    const [audit] = await audits('folder.renamed', folder.id);
    expect(audit!.details).toEqual({ projectId: p.id, from: 'New Folder', to: 'Drawings' });

    const empty = await call('PUT', `/api/projects/folder/${folder.id}`, { folderName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(messagesByPath(empty)).toEqual({ folderName: FOLDER_MESSAGES.nameRequired });
    expect((await call('PUT', `/api/projects/folder/${folder.id}`, {})).statusCode).toBe(400);
  });

  it('answers 404 "Folder not found" for an unknown, malformed or another firm’s folder', async () => {
    const other = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    const foreign = await createFolder(api.db, other.id);
    for (const id of ['0123456789abcdef01234567', 'x'.repeat(30), foreign.id]) {
      for (const res of [
        await call('PUT', `/api/projects/folder/${id}`, { folderName: 'Mine now' }),
        await call('DELETE', `/api/projects/folder/${id}`),
        await call('GET', `/api/projects/files/${id}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(FOLDER_MESSAGES.notFound);
      }
    }
    expect((await api.db.select().from(folders).where(eq(folders.id, foreign.id)))[0]!.folderName).not.toBe('Mine now');
  });

  it('deletes a folder with its files: rows, then the stored bytes after the commit', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const kept = await folderIn(p.id, 'Kept');
    const a = await createProjectFile(api.ctx, folder);
    const b = await createProjectFile(api.ctx, folder);
    const c = await createProjectFile(api.ctx, kept);
    expect(await storedKeys(p.id)).toHaveLength(3);

    const res = await call('DELETE', `/api/projects/folder/${folder.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Folder deleted' });
    expect(await api.db.select().from(folders).where(eq(folders.id, folder.id))).toEqual([]);
    expect((await api.db.select().from(files).where(eq(files.projectId, p.id))).map((f) => f.id)).toEqual([c.id]);
    expect(await storedKeys(p.id)).toEqual([c.storageKey]);
    expect(await api.ctx.storage.head('private', a.storageKey)).toBeNull();
    expect(await api.ctx.storage.head('private', b.storageKey)).toBeNull();
    const [audit] = await audits('folder.deleted', folder.id);
    expect(audit!.details).toEqual(expect.objectContaining({ files: 2, folderName: 'Drawings' }));
    expect((await call('DELETE', `/api/projects/folder/${folder.id}`)).statusCode).toBe(404);
  });
});
