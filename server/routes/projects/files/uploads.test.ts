import { describe, expect, it } from 'vitest';
import { testImage } from '../../../../tests/helpers/showcase';
import { bearer, messagesByPath, postMultipart, type MultipartPart } from '../../../../tests/helpers/test-api';
import { filePartHead, multipartHeaders, BOUNDARY } from '../../../../tests/helpers/uploads';
import { FILE_LIMITS, FILE_MESSAGES, FOLDER_MESSAGES } from '../../../contract/files';
import { demoPlanPdf, demoWalkthroughWebm } from '../../../seed/demo-files';
import { createFirm, createMember, createWorkspaceProject } from '../../../seed/factories';
import { createFolder } from '../../../seed/file-factories';
import { api, firm, token, memberToken, memberEmail, setUpFilesApi, call, project, storedKeys, pendingCount, tempEntries, file, upload, uploadInto, folderIn, audits } from '../../../../tests/helpers/files-api';

/**
 * A workspace project's folders and files (workspace-and-admin.md screens 4 and 5, DESIGN.md
 * section 3, docs/decisions/091 to 094): every endpoint, its refusals, the type found from the
 * content, private bytes served with ranges and safe dispositions, and uploads that store all or
 * nothing. Who may call what is in tests/workspace-files-access.test.ts.
 */

setUpFilesApi();

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
