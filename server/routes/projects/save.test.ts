import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScheduleThroughApi, uploadedScheduleImageIds } from '../../../tests/helpers/schedules';
import { testImage } from '../../../tests/helpers/showcase';
import { bearer, messagesByPath } from '../../../tests/helpers/test-api';
import { createProjectThroughApi, projectForm, projectParts } from '../../../tests/helpers/workspace-projects';
import { PROJECT_MESSAGES as M } from '../../contract/workspace-projects';
import { auditLog, files, folders, members, projects, schedules } from '../../db/schema';
import { newId } from '../../db/ids';
import { createMember } from '../../seed/factories';
import { scheduleImageFolder, scheduleImageKeys } from '../../services/schedule-images';
import { api, firm, tokens, memberEmployee, setUpProjectsApi, get, del, update, privateFile, exists } from '../../../tests/helpers/projects-api';

setUpProjectsApi();

describe('PUT /api/projects/{id}', () => {
  it('updates the fields and keeps the photo when none is sent', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const res = await update(project.id, projectParts(projectForm({ projectName: 'Renamed', pincode: '99', designTeam: ['Engineer'], city: 'Mumbai' })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ projectName: 'Renamed', area: 99, designTeam: ['Engineer'], city: 'Mumbai', photo: project.photo });
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.updated')));
    expect(audit[0]?.details).toEqual({ projectName: 'Renamed', photoChanged: false });
  });

  it('replaces the photo: new variants stored, the old ones deleted', async () => {
    const project = await createProjectThroughApi(api, tokens.subAdmin);
    const [before] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    const res = await update(project.id, projectParts(projectForm(), { file: await testImage('png', 300, 300), filename: 'new.png' }), tokens.subAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photo.w480).not.toBe(project.photo!.w480);
    const [after] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    expect(await exists(privateFile(`${before!.photoKey}/w480.webp`))).toBe(false);
    expect(await exists(privateFile(`${after!.photoKey}/w480.webp`))).toBe(true);
  });

  it('refuses an invalid form or photo and changes nothing', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const bad = await update(project.id, projectParts(projectForm({ projectName: '', pincode: 'abc' })));
    expect(messagesByPath(bad)).toEqual({ projectName: M.nameRequired, pincode: M.areaDigits });
    const text = await update(project.id, projectParts(projectForm(), { file: Buffer.from('<html></html>'), filename: 'x.gif' }));
    expect(text.statusCode).toBe(415);
    expect((await get(`/api/projects/${project.id}`, tokens.firm)).json().data).toEqual(project);
  });

  it('answers 404 for another firm’s project, a non-member and an unknown id; 403 for a member employee', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, project.id, { email: memberEmployee.email });
    const parts = projectParts(projectForm());
    expect((await update(project.id, parts, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await update(project.id, parts, tokens.employee)).statusCode).toBe(404);
    expect((await update(newId(), parts)).statusCode).toBe(404);
    expect((await update(project.id, parts, tokens.member)).statusCode).toBe(403);
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('removes the project with its schedules, folders, files and members, then their stored bytes', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const [row] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    // What the schedules and files areas would have stored in it.
    const fileKey = `workspace/${firm.id}/files/${newId()}`;
    await api.ctx.storage.put('private', fileKey, Buffer.from('%PDF-1.4 a plan'), { contentType: 'application/pdf' });
    const [imageId] = await uploadedScheduleImageIds(api, tokens.firm, project.id);
    await createScheduleThroughApi(api, tokens.firm, project.id, { title: 'Kitchen', schedulesFiles: [imageId!] });
    const scheduleFiles = scheduleImageKeys([scheduleImageFolder(project.id, imageId!)]);
    for (const key of scheduleFiles) expect(await exists(privateFile(key))).toBe(true);
    const folderId = newId();
    await api.db.insert(folders).values({ id: folderId, projectId: project.id, userId: firm.id, folderName: 'Drawings' });
    await api.db.insert(files).values({ id: newId(), projectId: project.id, folderId, userId: firm.id, fileName: 'plan.pdf', storageKey: fileKey, contentType: 'application/pdf', size: 15 });
    await createMember(api.db, project.id);
    const other = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, other.id);

    const res = await del(`/api/projects/${project.id}`, tokens.firm);
    expect(res.json()).toEqual({ message: 'Project deleted' });
    for (const table of [folders, files, schedules, members] as const) {
      expect(await api.db.select().from(table).where(eq(table.projectId, project.id))).toEqual([]);
    }
    expect(await api.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await exists(privateFile(fileKey))).toBe(false);
    for (const key of scheduleFiles) expect(await exists(privateFile(key))).toBe(false);
    expect(await exists(privateFile(`${row!.photoKey}/w960.webp`))).toBe(false);
    // The other project keeps its members and photo.
    expect(await api.db.select().from(members).where(eq(members.projectId, other.id))).toHaveLength(1);
    expect((await api.app.inject({ method: 'GET', url: other.photo!.w480, headers: bearer(tokens.firm) })).statusCode).toBe(200);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.deleted')));
    expect(audit).toHaveLength(1);
    expect((await del(`/api/projects/${project.id}`, tokens.firm)).statusCode).toBe(404);
  });

  it('is for managers: 403 for a member employee, 404 for another firm and a non-member', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, project.id, { email: memberEmployee.email });
    expect((await del(`/api/projects/${project.id}`, tokens.member)).statusCode).toBe(403);
    expect((await del(`/api/projects/${project.id}`, tokens.employee)).statusCode).toBe(404);
    expect((await del(`/api/projects/${project.id}`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}`, tokens.firm)).statusCode).toBe(200);
  });
});
