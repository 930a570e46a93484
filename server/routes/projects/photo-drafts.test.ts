import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testImage } from '../../../tests/helpers/showcase';
import { messagesByPath } from '../../../tests/helpers/test-api';
import { createProjectThroughApi, projectForm, projectParts, sendProjectForm } from '../../../tests/helpers/workspace-projects';
import { PROJECT_MESSAGES as M, type WorkspaceProject } from '../../contract/workspace-projects';
import { pendingUploads, projects } from '../../db/schema';
import { newId } from '../../db/ids';
import { api, tokens, setUpProjectsApi, get, create, update, privateFile, exists } from '../../../tests/helpers/projects-api';

setUpProjectsApi();

describe('photo drafts: a photo kept for a form sent back (decision 217)', () => {
  const keepPhoto = async (token = tokens.firm, file?: { file: Buffer; filename?: string; type?: string }) => {
    const parts = file === undefined ? [{ name: 'profileImage', file: await testImage('jpeg', 640, 400), filename: 'site.jpg', type: 'image/jpeg' }] : projectParts({} as never, file);
    return sendProjectForm(api, 'POST', '/api/projects/photo-drafts', parts, token);
  };
  const withDraft = (draftId: string, overrides = {}) => [...projectParts(projectForm(overrides)), { name: 'photoDraft', value: draftId }];

  it('keeps a photo privately for its uploader alone, and a project made with it takes it once', async () => {
    const kept = await keepPhoto();
    expect(kept.statusCode, kept.body).toBe(201);
    const { id, w480 } = kept.json().data as { id: string; w480: string };
    expect(w480).toBe(`/api/projects/photo-drafts/${id}`);
    const shown = await get(w480, tokens.firm);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(480);
    // Nobody else sees it: not a sub-admin of the same firm, not another firm.
    for (const token of [tokens.subAdmin, tokens.foreignFirm]) expect((await get(w480, token)).statusCode).toBe(404);
    expect((await get('/api/projects/photo-drafts/not-an-id', tokens.firm)).statusCode).toBe(404);

    // A form refused for its fields leaves the draft for the next try.
    const refused = await create(withDraft(id, { projectName: '' }));
    expect(messagesByPath(refused)).toEqual({ projectName: M.nameRequired });
    const made = await create(withDraft(id, { projectName: 'Kept Photo Villa' }));
    expect(made.statusCode, made.body).toBe(201);
    const project = made.json().data as WorkspaceProject;
    expect((await get(project.photo!.w480, tokens.firm)).statusCode).toBe(200);
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.id, id))).toEqual([]);
    // Taken: a second project cannot name it, nor can its preview be read any more.
    const again = await create(withDraft(id));
    expect(again.statusCode).toBe(409);
    expect(messagesByPath(again)).toEqual({ profileImage: M.photoDraftGone });
    expect((await get(w480, tokens.firm)).statusCode).toBe(404);
  });

  it("refuses another account's draft and a made-up id, storing nothing", async () => {
    const theirs = (await keepPhoto(tokens.subAdmin)).json().data.id as string;
    for (const draftId of [theirs, newId(), 'x'.repeat(300)]) {
      const res = await create(withDraft(draftId, { projectName: `Not mine ${draftId.length}` }));
      expect(res.statusCode).toBe(409);
      expect(messagesByPath(res)).toEqual({ profileImage: M.photoDraftGone });
    }
    expect(await api.db.select().from(projects).where(eq(projects.projectName, 'Not mine 24'))).toEqual([]);
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.id, theirs))).toHaveLength(1);
  });

  it('replaces a photo on update, the old one deleted', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const [before] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    const id = (await keepPhoto()).json().data.id as string;
    const res = await update(project.id, withDraft(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.photo.w480).not.toBe(project.photo!.w480);
    expect(await exists(privateFile(`${before!.photoKey}/w480.webp`))).toBe(false);
  });

  it('checks the photo as the form does, and is for managers only', async () => {
    expect((await keepPhoto(tokens.firm, { file: Buffer.from('not a picture'), filename: 'x.png', type: 'image/png' })).statusCode).toBe(415);
    const none = await sendProjectForm(api, 'POST', '/api/projects/photo-drafts', [{ name: 'note', value: 'no file' }], tokens.firm);
    expect(none.statusCode).toBe(400);
    expect(messagesByPath(none)).toEqual({ profileImage: M.photoRequired });
    for (const token of [tokens.employee, tokens.explorer]) expect((await keepPhoto(token)).statusCode).toBe(403);
    expect((await keepPhoto('')).statusCode).toBe(401);
  });
});
