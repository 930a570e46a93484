import fs from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../tests/helpers/showcase';
import { bearer, createTestApi, messagesByPath, postMultipart, type MultipartPart, type TestApi } from '../../tests/helpers/test-api';
import { filePartHead, multipartHeaders, BOUNDARY } from '../../tests/helpers/uploads';
import { FILE_LIMITS, FILE_MESSAGES, FOLDER_LIMITS, FOLDER_MESSAGES } from '../contract/files';
import { auditLog, files, folders, pendingUploads } from '../db/schema';
import { demoPlanPdf, demoWalkthroughWebm } from '../seed/demo-files';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../seed/factories';
import { createFolder, createProjectFile } from '../seed/file-factories';
import { createSession } from '../queries/sessions';
import { PROJECT_FILE_UPLOAD } from '../services/project-files';

/**
 * A workspace project's folders and files (workspace-and-admin.md screens 4 and 5, DESIGN.md
 * section 3, docs/decisions/091 to 094): every endpoint, its refusals, the type found from the
 * content, private bytes served with ranges and safe dispositions, and uploads that store all or
 * nothing. Who may call what is in tests/workspace-files-access.test.ts.
 */

let api: TestApi;
let firm: Awaited<ReturnType<typeof createFirm>>;
let token: string;
let memberToken: string;
let memberEmail: string;

beforeAll(async () => {
  // 1 MB files at most here, so the size limit is cheap to reach.
  api = await createTestApi({ MAX_FILE_MB: '1' });
  firm = await createFirm(api.db, { firmName: 'Files Studio' });
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const member = await createEmployee(api.db, firm.id);
  memberToken = (await createSession(api.db, member.id, { remember: false })).token;
  memberEmail = member.email;
});
afterAll(() => api?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  api.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

async function project() {
  return createWorkspaceProject(api.db, firm.id, { projectName: 'Courtyard House' });
}

/** Every stored key under a project's files. */
async function storedKeys(projectId: string) {
  const keys: string[] = [];
  for await (const file of api.ctx.storage.list('private', `projects/${projectId}/`)) keys.push(file.key);
  return keys.sort();
}
const pendingCount = async () => Number((await api.db.select({ n: count() }).from(pendingUploads).where(eq(pendingUploads.kind, PROJECT_FILE_UPLOAD)))[0]!.n);
const tempEntries = () => fs.readdir(api.config.uploadTmpDir).catch(() => [] as string[]);

const file = (filename: string, data: Buffer | string, type = 'application/octet-stream'): MultipartPart => ({
  name: 'files',
  file: Buffer.isBuffer(data) ? data : Buffer.from(data),
  filename,
  type,
});

function upload(target: { projectId: string; folderId: string }, parts: MultipartPart[], as = token) {
  return postMultipart(
    api,
    '/api/users/project/upload-file',
    [{ name: 'projectId', value: target.projectId }, { name: 'folderId', value: target.folderId }, ...parts],
    as,
  );
}

/** Uploads the files and puts them into the folder; answers the file rows' JSON. */
async function uploadInto(target: { projectId: string; folderId: string }, parts: MultipartPart[], as = token) {
  const res = await upload(target, parts, as);
  expect(res.statusCode, res.body).toBe(201);
  const registered = await call('POST', '/api/projects/files', { ...target, projectFiles: res.json().urls, type: 'file' }, as);
  expect(registered.statusCode, registered.body).toBe(201);
  return registered.json().data.files as Array<Record<string, unknown> & { id: string; url: string; previewUrl: string | null }>;
}

async function folderIn(projectId: string, folderName = 'Drawings') {
  return createFolder(api.db, projectId, { folderName, userId: firm.id });
}

const audits = (action: string, targetId: string) =>
  api.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

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

describe('uploading files', () => {
  it('uploads three files at once, puts them into the folder and lists them with their type found from the content', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const target = { projectId: p.id, folderId: folder.id };
    const before = await pendingCount();
    const res = await upload(target, [
      file('Ground floor plan.pdf', demoPlanPdf('Courtyard House'), 'application/pdf'),
      file('render.png', await testImage('png'), 'image/png'),
      file('walkthrough.webm', await demoWalkthroughWebm(), 'video/webm'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json();
    expect(uploaded.urls).toHaveLength(3);
    expect(uploaded.files.map((f: { fileName: string; contentType: string; family: string; format: string }) => [f.fileName, f.contentType, f.family, f.format])).toEqual([
      ['Ground floor plan.pdf', 'application/pdf', 'pdf', 'PDF'],
      ['render.png', 'image/png', 'image', 'PNG'],
      ['walkthrough.webm', 'video/webm', 'video', 'WebM'],
    ]);
    // Stored, but not in the folder until they are put there.
    expect(await pendingCount()).toBe(before + 3);
    expect((await call('GET', `/api/projects/files/${folder.id}`)).json().data.files).toEqual([]);
    expect(await tempEntries()).toEqual([]);

    const registered = await call('POST', '/api/projects/files', { ...target, projectFiles: uploaded.urls, type: 'file' });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await pendingCount()).toBe(before);
    const list = await call('GET', `/api/projects/files/${folder.id}`);
    expect(list.statusCode).toBe(200);
    const { data } = list.json();
    expect(data.project).toEqual({ id: p.id, projectName: 'Courtyard House' });
    expect(data.folder).toEqual(expect.objectContaining({ id: folder.id, folderName: 'Drawings', fileCount: 3 }));
    expect(data.upload).toEqual({ maxFileBytes: 1024 * 1024, maxFiles: FILE_LIMITS.perUpload });
    expect(data.files).toEqual(registered.json().data.files);
    const [pdf, png, webm] = data.files;
    expect(pdf).toEqual(
      expect.objectContaining({
        fileName: 'Ground floor plan.pdf',
        projectId: p.id,
        folderId: folder.id,
        userId: firm.id,
        type: 'file',
        family: 'pdf',
        contentType: 'application/pdf',
        url: `/api/projects/files/${pdf.id}/content`,
        previewUrl: `/api/projects/files/${pdf.id}/content?disposition=inline`,
      }),
    );
    expect(png.size).toBe((await testImage('png')).length);
    expect(webm.family).toBe('video');
    // Stored under ids only, never under a name the client sent.
    expect(await storedKeys(p.id)).toEqual([pdf, png, webm].map((f) => `projects/${p.id}/files/${f.id}`).sort());
    for (const f of [pdf, png, webm]) expect(await audits('file.uploaded', f.id)).toHaveLength(1);
  });

  it('takes any type, recorded by its content: text named .png is text, SVG and HTML are told apart, bytes without a signature are unknown', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const listed = await uploadInto({ projectId: p.id, folderId: folder.id }, [
      file('photo.png', 'just some text, not a picture\n', 'image/png'),
      file('logo.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'),
      file('page.pdf', '<!DOCTYPE html><html><script>alert(document.cookie)</script></html>', 'application/pdf'),
      file('data.xml', '<?xml version="1.0"?><rows><row/></rows>', 'text/xml'),
      file('blob.bin', Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x01, 0x02]), 'application/octet-stream'),
    ]);
    expect(listed.map((f) => [f.fileName, f.contentType, f.family, f.format, f.previewUrl])).toEqual([
      ['photo.png', 'text/plain', 'other', 'Text', null],
      ['logo.svg', 'image/svg+xml', 'image', 'SVG', null],
      ['page.pdf', 'text/html', 'other', 'HTML', null],
      ['data.xml', 'application/xml', 'other', 'XML', null],
      ['blob.bin', 'application/octet-stream', 'other', 'Unknown', null],
    ]);
  });

  it('keeps the display name without the folders a client put in it', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const [listed] = await uploadInto({ projectId: p.id, folderId: folder.id }, [file('..\\..\\C:\\evil\\plan final.txt', 'text')]);
    expect(listed!.fileName).toBe('plan final.txt');
  });

  it('refuses a file over the size limit with a message naming it, and stores nothing of the request', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const before = await pendingCount();
    const res = await upload({ projectId: p.id, folderId: folder.id }, [file('small.txt', 'fine'), file('big site scan.tif', Buffer.alloc(1024 * 1024 + 10, 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(`big site scan.tif: ${FILE_MESSAGES.tooLarge(1)}`);
    expect(res.json().details).toEqual([{ path: 'files.1', message: `big site scan.tif: ${FILE_MESSAGES.tooLarge(1)}` }]);
    expect(await pendingCount()).toBe(before);
    expect(await storedKeys(p.id)).toEqual([]);
    expect(await tempEntries()).toEqual([]);
  });

  it('a body cut off inside a file stores nothing and names the file', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const before = await pendingCount();
    const field = (name: string, value: string, first = false) =>
      `${first ? '' : '\r\n'}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
    const body = Buffer.concat([
      Buffer.from(field('projectId', p.id, true) + field('folderId', folder.id)),
      Buffer.from(filePartHead('files', 'notes.txt', 'text/plain', false)),
      Buffer.from('complete file'),
      Buffer.from(filePartHead('files', 'plan.pdf', 'application/pdf', false)),
      demoPlanPdf('Cut').subarray(0, 300),
    ]);
    const res = await api.app.inject({ method: 'POST', url: '/api/users/project/upload-file', headers: { ...multipartHeaders, ...bearer(token) }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/plan\.pdf was cut off; nothing of this request was stored/);
    expect(res.json().details[0].path).toBe('files.1');
    expect(await pendingCount()).toBe(before);
    expect(await storedKeys(p.id)).toEqual([]);
    expect(await tempEntries()).toEqual([]);
  });

  it('refuses a request without files, with too many files, without multipart, or without its project or folder', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const target = { projectId: p.id, folderId: folder.id };
    const none = await upload(target, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(FILE_MESSAGES.chooseFiles);
    const many = await upload(target, Array.from({ length: FILE_LIMITS.perUpload + 1 }, (_, i) => file(`f${i}.txt`, 'x')));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe(FILE_MESSAGES.tooManyInUpload);
    const json = await call('POST', '/api/users/project/upload-file', { projectId: p.id, folderId: folder.id });
    expect(json.statusCode).toBe(415);
    const noProject = await postMultipart(api, '/api/users/project/upload-file', [{ name: 'folderId', value: folder.id }, file('a.txt', 'a')], token);
    expect(noProject.statusCode).toBe(400);
    expect(messagesByPath(noProject)).toEqual({ projectId: 'projectId is required' });
    const noFolder = await postMultipart(api, '/api/users/project/upload-file', [{ name: 'projectId', value: p.id }, file('a.txt', 'a')], token);
    expect(messagesByPath(noFolder)).toEqual({ folderId: 'folderId is required' });
    expect(await storedKeys(p.id)).toEqual([]);
  });

  it('takes a form whose file inputs were left empty (parts without a name or bytes) as no file, not as an error', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const empty = (): MultipartPart => ({ name: 'files', file: Buffer.alloc(0), filename: '' });
    const none = await upload({ projectId: p.id, folderId: folder.id }, [empty(), empty()]);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().message).toBe(FILE_MESSAGES.chooseFiles);
    const [listed] = await uploadInto({ projectId: p.id, folderId: folder.id }, [empty(), file('notes.txt', 'notes'), empty()]);
    expect(listed!.fileName).toBe('notes.txt');
  });

  it('answers 404 for a folder of another project, and for another firm’s project', async () => {
    const p = await project();
    const elsewhere = await folderIn((await project()).id);
    const res = await upload({ projectId: p.id, folderId: elsewhere.id }, [file('a.txt', 'a')]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FOLDER_MESSAGES.notFound);
    const foreign = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    const foreignFolder = await createFolder(api.db, foreign.id);
    const res2 = await upload({ projectId: foreign.id, folderId: foreignFolder.id }, [file('a.txt', 'a')]);
    expect(res2.statusCode).toBe(404);
    expect(await storedKeys(foreign.id)).toEqual([]);
  });
});

describe('putting uploads into a folder', () => {
  it('refuses references that are unknown, malformed, another account’s, another project’s or already used', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const target = { projectId: p.id, folderId: folder.id };
    const mine = (await upload(target, [file('a.txt', 'a')])).json().urls[0];

    const unknown = await call('POST', '/api/projects/files', { ...target, projectFiles: ['0123456789abcdef01234567'] });
    expect(unknown.statusCode).toBe(400);
    expect(messagesByPath(unknown)).toEqual({ 'projectFiles.0': FILE_MESSAGES.uploadNotFound });
    const malformed = await call('POST', '/api/projects/files', { ...target, projectFiles: ['../../etc/passwd'] });
    expect(malformed.statusCode).toBe(400);
    const twice = await call('POST', '/api/projects/files', { ...target, projectFiles: [mine, mine] });
    expect(twice.statusCode).toBe(400);

    // A member employee cannot claim the firm's upload.
    await createMember(api.db, p.id, { email: memberEmail });
    const theirs = await call('POST', '/api/projects/files', { ...target, projectFiles: [mine] }, memberToken);
    expect(theirs.statusCode).toBe(400);

    const otherProject = await project();
    const otherFolder = await folderIn(otherProject.id);
    const moved = await call('POST', '/api/projects/files', { projectId: otherProject.id, folderId: otherFolder.id, projectFiles: [mine] });
    expect(moved.statusCode).toBe(400);
    expect(messagesByPath(moved)).toEqual({ 'projectFiles.0': FILE_MESSAGES.uploadOfOtherProject });

    expect((await call('POST', '/api/projects/files', { ...target, projectFiles: [mine] })).statusCode).toBe(201);
    const again = await call('POST', '/api/projects/files', { ...target, projectFiles: [mine] });
    expect(again.statusCode).toBe(400);
    expect((await call('GET', `/api/projects/files/${folder.id}`)).json().data.files).toHaveLength(1);
  });

  it('refuses a wrong body: no list, an empty list, a type other than file, a folder of another project', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const target = { projectId: p.id, folderId: folder.id };
    for (const body of [target, { ...target, projectFiles: [] }, { ...target, projectFiles: ['0123456789abcdef01234567'], type: 'folder' }, { projectFiles: ['0123456789abcdef01234567'] }]) {
      expect((await call('POST', '/api/projects/files', body)).statusCode).toBe(400);
    }
    const elsewhere = await folderIn((await project()).id);
    const res = await call('POST', '/api/projects/files', { projectId: p.id, folderId: elsewhere.id, projectFiles: ['0123456789abcdef01234567'] });
    expect(res.statusCode).toBe(404);
  });
});

describe('reading a file', () => {
  let pdfUrl: string;
  let pdfPreview: string;
  let htmlUrl: string;
  let svgUrl: string;
  let pdf: Buffer;
  let videoUrl: string;
  beforeAll(async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    pdf = demoPlanPdf('Courtyard House');
    const listed = await uploadInto({ projectId: p.id, folderId: folder.id }, [
      file('plan.pdf', pdf),
      file('page.html', '<html><body><script>fetch("/api/users/me")</script></body></html>', 'text/html'),
      file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'),
      file('walk.webm', await demoWalkthroughWebm()),
    ]);
    pdfUrl = listed[0]!.url;
    pdfPreview = listed[0]!.previewUrl!;
    htmlUrl = listed[1]!.url;
    svgUrl = listed[2]!.url;
    videoUrl = listed[3]!.previewUrl!;
  });

  it('downloads a PDF as an attachment by default and shows it inline when asked, never sniffed, never cached', async () => {
    const res = await call('GET', pdfUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers).toEqual(
      expect.objectContaining({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-store',
      }),
    );
    const inline = await call('GET', pdfPreview);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('sends an HTML file and an SVG as attachments with nosniff, even when asked to show them inline', async () => {
    for (const url of [htmlUrl, svgUrl, `${htmlUrl}?disposition=inline`, `${svgUrl}?disposition=inline`]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    }
  });

  it('downloads a file under the extension of its detected type: PNG bytes named poly.png.html save as poly.png (docs/decisions/246)', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const png = await testImage('png');
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const listed = await uploadInto({ projectId: p.id, folderId: folder.id }, [file('poly.png.html', polyglot, 'text/html'), file('render.html', png, 'text/html'), file('plan', demoPlanPdf('Poly'))]);
    const saved = await Promise.all(listed.map(async (f) => (await call('GET', f.url)).headers['content-disposition']));
    expect(saved).toEqual([
      `attachment; filename="poly.png"; filename*=UTF-8''poly.png`,
      `attachment; filename="render.html.png"; filename*=UTF-8''render.html.png`,
      `attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`,
    ]);
  });

  it('answers a Range request with 206 and the asked bytes (video seeking), and 416 past the end', async () => {
    const res = await call('GET', pdfUrl, undefined);
    const part = await api.app.inject({ method: 'GET', url: pdfUrl, headers: { ...bearer(token), range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${res.rawPayload.length}`);
    expect(part.body).toBe('%PDF-1.4');
    const video = await api.app.inject({ method: 'GET', url: videoUrl, headers: { ...bearer(token), range: 'bytes=100-' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.headers['content-disposition']).toMatch(/^inline; /);
    const past = await api.app.inject({ method: 'GET', url: pdfUrl, headers: { ...bearer(token), range: 'bytes=999999-' } });
    expect(past.statusCode).toBe(416);
  });

  it('answers 404 for an unknown or malformed file id, and 400 for an unknown disposition', async () => {
    expect((await call('GET', '/api/projects/files/0123456789abcdef01234567/content')).json()).toEqual({ message: FILE_MESSAGES.notFound });
    expect((await call('GET', '/api/projects/files/nope/content')).statusCode).toBe(404);
    expect((await call('GET', `${pdfUrl}?disposition=render`)).statusCode).toBe(400);
  });
});

describe('deleting the project', () => {
  it('removes its folders, its files and their stored bytes', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    await uploadInto({ projectId: p.id, folderId: folder.id }, [file('plan.pdf', demoPlanPdf('Gone')), file('notes.txt', 'notes')]);
    await createProjectFile(api.ctx, await folderIn(p.id, 'Site visits'));
    expect(await storedKeys(p.id)).toHaveLength(3);
    const res = await call('DELETE', `/api/projects/${p.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedKeys(p.id)).toEqual([]);
    expect(await api.db.select().from(folders).where(eq(folders.projectId, p.id))).toEqual([]);
    expect(await api.db.select().from(files).where(eq(files.projectId, p.id))).toEqual([]);
  });
});

describe('deleting a file', () => {
  it('removes its row and its stored bytes, and records it', async () => {
    const p = await project();
    const folder = await folderIn(p.id);
    const [kept, gone] = await uploadInto({ projectId: p.id, folderId: folder.id }, [file('a.txt', 'a'), file('b.txt', 'b')]);
    const res = await call('DELETE', `/api/projects/files/${gone!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'File deleted' });
    expect(await storedKeys(p.id)).toEqual([`projects/${p.id}/files/${kept!.id}`]);
    expect((await call('GET', `/api/projects/files/${folder.id}`)).json().data.files.map((f: { id: string }) => f.id)).toEqual([kept!.id]);
    expect(await audits('file.deleted', gone!.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/projects/files/${gone!.id}`)).statusCode).toBe(404);
    expect((await call('GET', gone!.url)).statusCode).toBe(404);
  });

  it('answers 404 for another firm’s file and leaves it', async () => {
    const foreign = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    const theirs = await createProjectFile(api.ctx, await createFolder(api.db, foreign.id));
    const res = await call('DELETE', `/api/projects/files/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FILE_MESSAGES.notFound);
    expect(await api.ctx.storage.head('private', theirs.storageKey)).not.toBeNull();
  });
});
