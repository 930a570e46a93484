import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import type { ProjectFile } from '../contract/files';
import { detectFileType } from '../services/file-types';
import { createSession } from '../queries/sessions';
import { createFirm, createWorkspaceProject } from './factories';
import { seedProjectFiles } from './workspace-files';

let api: TestApi;
let token: string;
let projectId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Koregaon Park Residence' });
  projectId = project.id;
  await seedProjectFiles(api.ctx, project, firm.id, { now: new Date('2026-03-20T10:00:00Z') });
}, 60_000);
afterAll(() => api?.close());

const get = (url: string) => api.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('demo seed: a workspace project’s folders and files', () => {
  it('gives the project "Drawings" (a PDF plan and two pictures) and "Site visits" (a short video), served like uploads', async () => {
    const { folders } = (await get(`/api/projects/folder/${projectId}`)).json().data;
    expect(folders.map((f: { folderName: string; fileCount: number }) => [f.folderName, f.fileCount])).toEqual([
      ['Drawings', 3],
      ['Site visits', 1],
    ]);
    const files: ProjectFile[] = [];
    for (const folder of folders) files.push(...(await get(`/api/projects/files/${folder.id}`)).json().data.files);
    expect(files.map((f) => [f.fileName, f.family, f.format])).toEqual([
      ['Ground floor plan.pdf', 'pdf', 'PDF'],
      ['Living room render.jpg', 'image', 'JPEG'],
      ['Street elevation.png', 'image', 'PNG'],
      ['Site walkthrough.webm', 'video', 'WebM'],
    ]);
    expect(files.map((f) => f.createdAt.slice(0, 10))).toEqual(['2026-03-08', '2026-03-11', '2026-03-12', '2026-03-17']);

    for (const file of files) {
      const res = await get(file.previewUrl!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      // Each file is what an upload of it would record: its content says the same type.
      expect((await detectFileType(res.rawPayload))?.mime).toBe(file.contentType);
      expect(res.rawPayload.length).toBe(file.size);
    }
    const [pdf, jpeg, png, video] = await Promise.all(files.map(async (f) => (await get(f.url)).rawPayload));
    expect(pdf!.subarray(-6).toString()).toBe('%%EOF\n');
    expect(await sharp(jpeg).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: 960, height: 600 }));
    expect(await sharp(png).metadata()).toEqual(expect.objectContaining({ format: 'png', width: 960, height: 560 }));
    expect(video!.length).toBeLessThan(100 * 1024);
  });
});
