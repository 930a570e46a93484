import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testImage } from '../../../tests/helpers/showcase';
import { bearer, messagesByPath } from '../../../tests/helpers/test-api';
import { projectForm, projectParts } from '../../../tests/helpers/workspace-projects';
import { PROJECT_MESSAGES as M, type WorkspaceProject } from '../../contract/workspace-projects';
import { auditLog, pendingUploads, projects } from '../../db/schema';
import { api, firm, tokens, setUpProjectsApi, photo, create, update, storedFiles, privateFile, exists } from '../../../tests/helpers/projects-api';

setUpProjectsApi();

describe('POST /api/projects', () => {
  it('creates a project from the spec form (multipart) with its photo kept private as WebP variants', async () => {
    const before = await storedFiles();
    const res = await create(projectParts(projectForm({ designTeam: ['Manager', 'Architect', 'Manager'] }), await photo()));
    expect(res.statusCode, res.body).toBe(201);
    const data: WorkspaceProject = res.json().data;
    expect(data).toMatchObject({
      projectName: 'Riverside Villa',
      projectType: 'interior-residential',
      projectTypeLabel: 'Interior Design – Residential',
      area: 320,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      // Once each, in the vocabulary's order.
      designTeam: ['Architect', 'Manager'],
      clientName: 'Rhea Kapoor',
      clientDetails: 'A family of four; prefers warm materials.',
      address: '12 Lane 5, Koregaon Park',
      access: 'manage',
    });
    expect(data.photo?.w480).toMatch(new RegExp(`^/api/projects/${data.id}/photo\\?size=480&v=[0-9a-f]{8}$`));
    const [row] = await api.db.select().from(projects).where(eq(projects.id, data.id));
    expect(row).toMatchObject({ userId: firm.id, isPrivate: true });
    const after = await storedFiles();
    // Three variants in private storage, nothing public.
    expect(after.private.length - before.private.length).toBe(3);
    expect(after.public).toEqual(before.public);
    for (const size of ['480', '960', '1600']) expect(await exists(privateFile(`${row!.photoKey}/w${size}.webp`))).toBe(true);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'project.created')));
    expect(audit).toHaveLength(1);
    // The photo's upload was claimed by the project (nothing left for the clean-up to remove).
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id))).toEqual([]);
    expect(audit[0]).toMatchObject({ firmId: firm.id, targetType: 'project', details: { projectName: 'Riverside Villa' } });
  });

  it('lets a sub-admin create a project of its firm', async () => {
    const res = await create(projectParts(projectForm(), await photo()), tokens.subAdmin);
    expect(res.statusCode).toBe(201);
    const [row] = await api.db.select().from(projects).where(eq(projects.id, res.json().data.id));
    expect(row!.userId).toBe(firm.id);
  });

  it('answers every missing field with the spec message, the photo included', async () => {
    const res = await create([{ name: 'projectName', value: '  ' }]);
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({
      projectName: M.nameRequired,
      projecttype: M.typeRequired,
      pincode: M.areaRequired,
      // State and City cannot be judged without a country (the one place rule, decision 157).
      country: M.countryRequired,
      designTeam: M.designTeamRequired,
      clientname: M.clientNameRequired,
      clientdetails: M.clientDetailsRequired,
      address: M.addressRequired,
      profileImage: M.photoRequired,
    });
    expect(M).toMatchObject({
      photoRequired: 'project photo is required',
      nameRequired: 'project name is required',
      areaDigits: 'Only numbers are allowed',
      cityRequired: 'project City is required',
    });
  });

  it('requires the photo: a form without one is refused and stores nothing', async () => {
    const before = await storedFiles();
    const res = await create(projectParts(projectForm()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: M.photoRequired, details: [{ path: 'profileImage', message: M.photoRequired }] });
    expect(await storedFiles()).toEqual(before);
  });

  it('checks the photo by its content: a text file named .png and a WebP are refused (415)', async () => {
    const before = await storedFiles();
    const text = await create(projectParts(projectForm(), { file: Buffer.from('just some text, not a picture'), filename: 'photo.png', type: 'image/png' }));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Only JPG, PNG or GIF allowed', details: [{ path: 'profileImage', message: 'Only JPG, PNG or GIF allowed' }] });
    const webp = await create(projectParts(projectForm(), { file: await testImage('webp'), filename: 'photo.jpg' }));
    expect(webp.statusCode).toBe(415);
    // A broken JPEG: the right magic bytes, nothing decodable after them.
    const broken = await create(projectParts(projectForm(), { file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) }));
    expect(broken.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts PNG and GIF photos', async () => {
    for (const format of ['png', 'gif'] as const) {
      const res = await create(projectParts(projectForm(), { file: await testImage(format), filename: `p.${format}`, type: `image/${format}` }));
      expect(res.statusCode, format).toBe(201);
    }
  });

  it('takes the area as digits only', async () => {
    const messages = async (pincode: string) => messagesByPath(await create(projectParts(projectForm({ pincode }), await photo()))).pincode;
    expect(await messages('12a')).toBe(M.areaDigits);
    expect(await messages('-5')).toBe(M.areaDigits);
    expect(await messages('1.5')).toBe(M.areaDigits);
    expect(await messages('1234567890')).toBe(M.areaTooLong);
    expect(await messages('')).toBe(M.areaRequired);
    const ok = await create(projectParts(projectForm({ pincode: ' 411001 ' }), await photo()));
    expect(ok.json().data.area).toBe(411001);
  });

  it('checks the places like the public project form', async () => {
    const messages = async (place: { country?: string; state?: string; city?: string }) =>
      messagesByPath(await create(projectParts(projectForm(place), await photo())));
    expect(await messages({ country: 'Atlantis' })).toEqual({ country: 'Choose a country from the list' });
    expect(await messages({ state: 'Bavaria' })).toEqual({ state: 'Choose a state of the chosen country' });
    expect(await messages({ city: 'Chennai' })).toEqual({ city: 'Choose a city of the chosen state' });
  });

  it('uses the one place rule of every form: State and City only where the data set lists them (decision 157)', async () => {
    const messages = async (place: { country?: string; state?: string; city?: string }) =>
      messagesByPath(await create(projectParts(projectForm(place), await photo())));
    // Where states and cities exist, they are required, with this form's own words.
    expect(await messages({ state: '', city: '' })).toEqual({ state: M.stateRequired });
    expect(await messages({ city: '' })).toEqual({ city: M.cityRequired });
    // A country without states, a state without cities: saved, the missing parts stored as null.
    const island = await create(projectParts(projectForm({ country: 'Anguilla', state: '', city: '' }), await photo()));
    expect(island.statusCode).toBe(201);
    expect(island.json().data).toMatchObject({ country: 'Anguilla', state: null, city: null });
    const kenya = await create(projectParts(projectForm({ country: 'Kenya', state: 'Vihiga', city: '' }), await photo()));
    expect(kenya.statusCode).toBe(201);
    expect(kenya.json().data).toMatchObject({ country: 'Kenya', state: 'Vihiga', city: null });
    // And the edit keeps to the same rule.
    const edited = await update(island.json().data.id, projectParts(projectForm({ country: 'India', state: '', city: '' })));
    expect(messagesByPath(edited)).toEqual({ state: M.stateRequired });
  });

  it('refuses unknown project types and design team roles', async () => {
    const res = await create(projectParts(projectForm({ projecttype: 'castle', designTeam: ['Architect', 'Wizard'] }), await photo()));
    expect(messagesByPath(res)).toEqual({ projecttype: M.typeUnknown, designTeam: M.designTeamUnknown });
  });

  it('refuses oversized fields with their limits', async () => {
    const res = await create(
      projectParts(
        projectForm({ projectName: 'n'.repeat(201), clientname: 'c'.repeat(201), clientdetails: 'd'.repeat(2001), address: 'a'.repeat(501), city: 'x'.repeat(101) }),
        await photo(),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({
      projectName: 'At most 200 characters',
      clientname: 'At most 200 characters',
      clientdetails: 'At most 2000 characters',
      address: 'At most 500 characters',
      city: 'At most 100 characters',
    });
  });

  it('refuses a photo over 15 MB (413) and a form that is not multipart (415)', async () => {
    const big = await create(projectParts(projectForm(), { file: Buffer.alloc(15 * 1024 * 1024 + 1, 1) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.photoTooLarge);
    const json = await api.app.inject({ method: 'POST', url: '/api/projects', payload: projectForm(), headers: bearer(tokens.firm) });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the files as multipart/form-data');
  });

  it('is for the firm and its sub-admins: 401 without a token, 403 for an explorer and a plain employee', async () => {
    const parts = projectParts(projectForm(), await photo());
    expect((await create(parts, '')).statusCode).toBe(401);
    expect((await create(parts, tokens.explorer)).statusCode).toBe(403);
    expect((await create(parts, tokens.member)).statusCode).toBe(403);
    expect((await create(parts, tokens.employee)).statusCode).toBe(403);
  });
});
