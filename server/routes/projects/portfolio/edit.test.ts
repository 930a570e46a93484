import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginToken } from '../../../../tests/helpers/test-api';
import { projectBody, uploadedImageIds } from '../../../../tests/helpers/showcase';
import { IMAGES_MIN_MESSAGE, type PublicProject } from '../../../contract/projects';
import { VERIFY } from '../../../contract/vocabulary';
import { projectImages, projects } from '../../../db/schema';
import { createFirm } from '../../../seed/factories';
import { api, firmToken, otherFirmToken, explorerToken, firmId, setUpPortfolioApi, call, exists, createProject } from '../../../../tests/helpers/portfolio-api';

setUpPortfolioApi();

describe('GET, PUT, DELETE /api/projects/public-project/{id}', () => {
  it('GET answers { projectData, userData } to the owner and to others while the firm is approved', async () => {
    const project = await createProject();
    for (const token of [firmToken, otherFirmToken, explorerToken, undefined]) {
      const res = await call('GET', `/projects/public-project/${project.id}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().projectData).toEqual(project);
      expect(res.json().userData).toMatchObject({ id: firmId, projectCount: expect.any(Number) });
      // The owner as the public sees it: no login email (decision 191).
      expect(res.json().userData).not.toHaveProperty('email');
    }
    expect((await call('GET', `/projects/public-project/${'0'.repeat(24)}`, firmToken)).statusCode).toBe(404);
    expect((await call('GET', '/projects/public-project/not-an-id', firmToken)).statusCode).toBe(404);
  });

  it('GET of a pending firm’s project: the owner sees it, nobody else', async () => {
    const pending = await createFirm(api.db, { email: 'pending-get@example.test', isVerify: VERIFY.pending });
    const token = await loginToken(api, 'pending-get@example.test');
    const project = await createProject(token);
    expect((await call('GET', `/projects/public-project/${project.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', `/projects/public-project/${project.id}`, otherFirmToken)).statusCode).toBe(404);
    expect((await call('GET', `/projects/public-project/${project.id}`)).statusCode).toBe(404);
    expect(pending.id).toBeTruthy();
  });

  it('PUT updates fields, reorders, keeps, adds and removes images, and deletes the removed files', async () => {
    const project = await createProject();
    const [a, b, c, d] = project.images;
    const added = await uploadedImageIds(api, firmToken, 1);
    const res = await call('PUT', `/projects/public-project/${project.id}`, firmToken, projectBody([d!.id, added[0]!, b!.id, a!.id], { projectName: 'Courtyard House II', teams: [{ name: 'R K', role: 'Engineer' }, { name: 'N R', role: 'Manager' }] }));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.projectName).toBe('Courtyard House II');
    expect(data.teams).toHaveLength(2);
    expect(data.images.map((i: { id: string }) => i.id)).toEqual([d!.id, added[0]!.slice(0, 24), b!.id, a!.id]);
    expect(data.images[0]).toEqual(d);
    for (const url of [c!.w480, c!.w960, c!.w1600]) expect(await exists(url)).toBe(false);
    for (const url of [a!.w480, d!.w1600]) expect(await exists(url)).toBe(true);
    expect(new Date(data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(project.updatedAt).getTime());
  });

  it('PUT from an older version answers 409 with the current project, keeps the other change and its images; without a version 400 (decision 320)', async () => {
    const project = await createProject();
    const ids = project.images.map((i) => i.id);
    const first = await call('PUT', `/projects/public-project/${project.id}`, firmToken, { ...projectBody(ids, { projectName: 'From the first tab' }), version: project.version });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('PUT', `/projects/public-project/${project.id}`, firmToken, { ...projectBody(ids.slice(0, 4).reverse(), { projectName: 'From the second tab' }), version: project.version });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ code: 'stale', current: { projectName: 'From the first tab', version: project.version + 1 } });
    const now = (await call('GET', `/projects/public-project/${project.id}`, firmToken)).json().projectData;
    expect(now.projectName).toBe('From the first tab');
    expect(now.images.map((i: { id: string }) => i.id)).toEqual(ids);
    const unversioned = await api.app.inject({ method: 'PUT', url: `/api/projects/public-project/${project.id}`, headers: { authorization: `Bearer ${firmToken}` }, payload: projectBody(ids, { projectName: 'No version' }) });
    expect(unversioned.statusCode).toBe(400);
  });

  it('PUT refuses fewer than 4 images and leaves the project as it was', async () => {
    const project = await createProject();
    const res = await call('PUT', `/projects/public-project/${project.id}`, firmToken, projectBody(project.images.slice(0, 3).map((i) => i.id)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGES_MIN_MESSAGE);
    const rows = await api.db.select().from(projectImages).where(eq(projectImages.projectId, project.id));
    expect(rows).toHaveLength(4);
  });

  it('PUT and DELETE: another firm gets 404, an explorer 403, no token 401', async () => {
    const project = await createProject();
    const body = projectBody(project.images.map((i) => i.id));
    expect((await call('PUT', `/projects/public-project/${project.id}`, otherFirmToken, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/public-project/${project.id}`, otherFirmToken)).statusCode).toBe(404);
    expect((await call('PUT', `/projects/public-project/${project.id}`, explorerToken, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/projects/public-project/${project.id}`, explorerToken)).statusCode).toBe(403);
    expect((await call('PUT', `/projects/public-project/${project.id}`, undefined, body)).statusCode).toBe(401);
    expect((await call('DELETE', `/projects/public-project/${project.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/projects/public-project/${project.id}`, firmToken)).json().projectData.images).toHaveLength(4);
  });

  it('a workspace (private) project is not a public project: 404', async () => {
    const [row] = await api.db.insert(projects).values({ id: 'a'.repeat(24), userId: firmId, isPrivate: true, projectName: 'Secret', projectType: 'interior-residential' }).returning();
    expect((await call('GET', `/projects/public-project/${row!.id}`, firmToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/public-project/${row!.id}`, firmToken)).statusCode).toBe(404);
  });

  it('DELETE removes the project, its image rows and files', async () => {
    const project = await createProject();
    const res = await call('DELETE', `/projects/public-project/${project.id}`, firmToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Project deleted' });
    expect((await call('GET', `/projects/public-project/${project.id}`, firmToken)).statusCode).toBe(404);
    expect(await api.db.select().from(projectImages).where(eq(projectImages.projectId, project.id))).toEqual([]);
    for (const image of project.images) for (const url of [image.w480, image.w960, image.w1600]) expect(await exists(url)).toBe(false);
  });
});

describe('GET /api/projects/portfolio', () => {
  it('answers the signed-in firm’s own profile and public projects, newest first, even before approval', async () => {
    await createFirm(api.db, { email: 'portfolio-pending@example.test', isVerify: VERIFY.pending, firmName: 'Waiting Studio' });
    const token = await loginToken(api, 'portfolio-pending@example.test');
    const first = await createProject(token, { projectName: 'First' });
    const second = await createProject(token, { projectName: 'Second' });
    const res = await call('GET', '/projects/portfolio', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['hidden', 'projects', 'userData']);
    expect(body.userData).toMatchObject({ firmName: 'Waiting Studio', projectCount: 2, isVerify: VERIFY.pending });
    expect(body.projects.map((p: PublicProject) => p.id)).toEqual([second.id, first.id]);
    expect(body.projects[0]).toEqual(second);
  });

  it('answers 403 to an explorer and 401 without a token', async () => {
    expect((await call('GET', '/projects/portfolio', explorerToken)).statusCode).toBe(403);
    expect((await call('GET', '/projects/portfolio')).statusCode).toBe(401);
    expect((await call('GET', '/projects/portfolio', 'not-a-real-token')).statusCode).toBe(401);
  });
});
