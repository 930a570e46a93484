import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../../../tests/helpers/showcase';
import { FILE_MESSAGES } from '../../../contract/files';
import { files, folders } from '../../../db/schema';
import { demoPlanPdf, demoWalkthroughWebm } from '../../../seed/demo-files';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';
import { createFolder, createProjectFile } from '../../../seed/file-factories';
import { bearer } from '../../../../tests/helpers/test-api';
import { api, token, setUpFilesApi, call, project, storedKeys, file, uploadInto, folderIn, audits } from '../../../../tests/helpers/files-api';

/**
 * A workspace project's folders and files (workspace-and-admin.md screens 4 and 5, DESIGN.md
 * section 3, docs/decisions/091 to 094): every endpoint, its refusals, the type found from the
 * content, private bytes served with ranges and safe dispositions, and uploads that store all or
 * nothing. Who may call what is in tests/workspace-files-access.test.ts.
 */

setUpFilesApi();

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
