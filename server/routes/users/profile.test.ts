import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, messagesByPath, postMultipart, type TestApi } from '../../../tests/helpers/test-api';
import { avatarVariants, PHONE_MESSAGE, PROFILE_IMAGE_MESSAGE, TEAMS_MAX_MESSAGE, type UpdateProfileInput } from '../../contract/profile';
import { teamMembers, users } from '../../db/schema/index';
import { createFirm, createUser } from '../../seed/factories';

let api: TestApi;
let firm: { id: string };
let firmToken: string;
let otherFirm: { id: string };
let otherToken: string;
let explorer: { id: string };
let explorerToken: string;

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { email: 'profile@example.test', teams: [{ name: 'Old Member', role: 'Intern' }] });
  otherFirm = await createFirm(api.db, { email: 'profile-other@example.test' });
  explorer = await createUser(api.db, { email: 'profile-explorer@example.test', role: 'explorer' });
  [firmToken, otherToken, explorerToken] = await Promise.all(
    ['profile@example.test', 'profile-other@example.test', 'profile-explorer@example.test'].map((e) => loginToken(api, e)),
  );
});
afterAll(() => api.close());

const profile = (overrides: Partial<UpdateProfileInput> = {}): UpdateProfileInput => ({
  firmName: 'Mehta Studio Architects',
  firmType: 'architectureAndInterior',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  contactNo: '9820012345',
  website: 'https://mehta-studio.example',
  userDetails: 'Calm, daylight-filled homes.',
  teams: [
    { name: 'Asha Mehta', role: 'Architect' },
    { name: 'Rohan Kulkarni', role: 'Engineer' },
  ],
  ...overrides,
});

const put = (id: string, body: unknown, token?: string) =>
  api.app.inject({ method: 'PUT', url: `/api/users/update-profile/${id}`, headers: token ? bearer(token) : {}, payload: body as object });

describe('PUT /api/users/update-profile/{id}', () => {
  it('updates the profile and its team rows and answers { data: user }', async () => {
    const res = await put(firm.id, profile(), firmToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: firm.id,
      firmName: 'Mehta Studio Architects',
      firmType: 'architectureAndInterior',
      role: 'architectureAndInterior',
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      contactNo: '9820012345',
      email: 'profile@example.test',
      website: 'https://mehta-studio.example',
      userDetails: 'Calm, daylight-filled homes.',
      teams: [
        { name: 'Asha Mehta', role: 'Architect', profileImage: null },
        { name: 'Rohan Kulkarni', role: 'Engineer', profileImage: null },
      ],
    });
    const rows = await api.db.select().from(teamMembers).where(eq(teamMembers.userId, firm.id)).orderBy(asc(teamMembers.position));
    expect(rows.map((r) => [r.position, r.name])).toEqual([[0, 'Asha Mehta'], [1, 'Rohan Kulkarni']]);
  });

  it('never changes the login email, even when the body carries one (that takes POST /users/email-change)', async () => {
    const res = await put(firm.id, { ...profile(), email: 'hijacked@example.test' }, firmToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe('profile@example.test');
    const [row] = await api.db.select().from(users).where(eq(users.id, firm.id));
    expect(row!.email).toBe('profile@example.test');
    expect(await loginToken(api, 'profile@example.test')).toEqual(expect.any(String));
  });

  it('website is optional: empty or missing stores null', async () => {
    expect((await put(firm.id, profile({ website: '' }), firmToken)).json().data.website).toBeNull();
    const { website: _w, ...rest } = profile();
    expect((await put(firm.id, rest, firmToken)).json().data.website).toBeNull();
  });

  it('answers each missing field with the spec message', async () => {
    const res = await put(
      firm.id,
      { firmName: '', firmType: '', country: '', state: '', city: '', contactNo: '', userDetails: ' ', teams: [{ name: '', role: '' }] },
      firmToken,
    );
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({
      firmName: 'firm name is required',
      firmType: 'designation is required',
      country: 'Country is required',
      contactNo: PHONE_MESSAGE,
      userDetails: 'details are required',
      'teams.0.name': 'name is required',
      'teams.0.role': 'role is required',
    });
  });

  it('checks the phone (10 digits), the website, the firm type, the team count (1 to 20) and the place', async () => {
    const cases: Array<[Partial<UpdateProfileInput>, string, string]> = [
      [{ contactNo: '98200 1234' }, 'contactNo', PHONE_MESSAGE],
      [{ contactNo: '98200123456' }, 'contactNo', PHONE_MESSAGE],
      [{ website: 'javascript:alert(1)' }, 'website', 'Enter a valid website address'],
      [{ firmType: 'explorer' }, 'firmType', 'Choose a firm type from the list'],
      [{ teams: [] }, 'teams', 'Add at least one team member'],
      [{ teams: Array.from({ length: 21 }, (_, i) => ({ name: `M${i}`, role: 'Architect' })) }, 'teams', TEAMS_MAX_MESSAGE],
      [{ country: 'Atlantis' }, 'country', 'Choose a country from the list'],
      [{ state: 'Karnataka', city: 'Pune' }, 'city', 'Choose a city of the chosen state'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await put(firm.id, profile(overrides), firmToken);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().details).toContainEqual({ path: field, message });
    }
    const twenty = await put(firm.id, profile({ teams: Array.from({ length: 20 }, (_, i) => ({ name: `M${i}`, role: 'Architect' })) }), firmToken);
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json().data.teams).toHaveLength(20);
  });

  it('only the owner: another firm’s id 404, an explorer 403, no token 401 (before the body is looked at)', async () => {
    expect((await put(otherFirm.id, profile(), firmToken)).statusCode).toBe(404);
    expect((await put(otherFirm.id, profile(), otherToken)).statusCode).toBe(200);
    expect((await put(explorer.id, profile(), explorerToken)).statusCode).toBe(403);
    expect((await put(firm.id, profile())).statusCode).toBe(401);
    expect((await put(firm.id, { nonsense: true })).statusCode).toBe(401);
  });

  it('never answers 500 to malformed bodies', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('firmName', 'firmType', 'country', 'state', 'city', 'contactNo', 'website', 'userDetails', 'teams', '__proto__'),
          fc.oneof(value, fc.array(fc.dictionary(fc.constantFrom('name', 'role'), value), { maxLength: 3 })),
        ),
        async (patch) => {
          const res = await api.app.inject({
            method: 'PUT',
            url: `/api/users/update-profile/${firm.id}`,
            headers: { ...bearer(firmToken), 'content-type': 'application/json' },
            payload: JSON.stringify({ ...profile(), ...patch }),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('POST /api/users/profile-image', () => {
  const upload = async (file: Buffer, filename: string, fields: Record<string, string> = {}, token: string | undefined = firmToken) => {
    return postMultipart(
      api,
      '/api/users/profile-image',
      [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file, filename, type: 'image/png' }],
      token,
    );
  };
  const fileOf = (url: string) => path.join(api.config.uploadsDir, url.replace(/^\/uploads\//, ''));

  /** A 300×100 PNG: red left third, green middle, blue right. */
  const stripes = () =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="100" height="100" fill="#f00"/><rect x="100" width="100" height="100" fill="#0f0"/><rect x="200" width="100" height="100" fill="#00f"/></svg>',
      ),
    )
      .png()
      .toBuffer();
  const centreColour = async (url: string) => {
    const { data } = await sharp(await fs.readFile(fileOf(url))).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    return [data[0]!, data[1]!, data[2]!];
  };

  it('crops the centre square by default and stores 96, 256 and 512 px WebP; profileImage is the 256 one', async () => {
    const res = await upload(await stripes(), 'me.png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.profileImage as string;
    expect(url).toMatch(new RegExp(`^/uploads/profiles/${firm.id}/[0-9a-f]{24}/256\\.webp$`));
    const variants = avatarVariants(url)!;
    for (const [name, px] of [['s96', 96], ['s256', 256], ['s512', 512]] as const) {
      const meta = await sharp(await fs.readFile(fileOf(variants[name]))).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', px, px, undefined]);
    }
    const [r, g, b] = await centreColour(url);
    expect(g).toBeGreaterThan(200);
    expect(r + b).toBeLessThan(60);
  });

  it('keeps the square the client chose (x, y, size in pixels) and deletes the previous photo', async () => {
    const before = (await api.db.select().from(users).where(eq(users.id, firm.id)))[0]!.profileImage!;
    const res = await upload(await stripes(), 'me.png', { x: '200', y: '0', size: '100' });
    expect(res.statusCode).toBe(200);
    const [r, g, b] = await centreColour(res.json().data.profileImage);
    expect(b).toBeGreaterThan(200);
    expect(r + g).toBeLessThan(60);
    await expect(fs.stat(fileOf(before))).rejects.toThrow();
  });

  it('clamps a crop that reaches outside the picture', async () => {
    const res = await upload(await stripes(), 'me.png', { x: '290', y: '50', size: '5000' });
    expect(res.statusCode).toBe(200);
  });

  it('accepts JPEG, refuses GIF, WebP and text named .png with "Only image allowed"', async () => {
    expect((await upload(await testImage('jpeg', 50, 50), 'me.jpg')).statusCode).toBe(200);
    for (const [file, name] of [
      [await testImage('gif'), 'me.gif'],
      [await testImage('webp'), 'me.webp'],
      [Buffer.from('not an image at all'), 'me.png'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(PROFILE_IMAGE_MESSAGE);
    }
  });

  it('answers 400 for a bad crop or no file, 413 over 10 MB, 401 without a token', async () => {
    expect((await upload(await stripes(), 'me.png', { x: '-1', y: '0', size: '10' })).statusCode).toBe(400);
    expect((await upload(await stripes(), 'me.png', { x: '1' })).statusCode).toBe(400);
    expect((await postMultipart(api, '/api/users/profile-image', [{ name: 'x', value: '1' }], firmToken)).statusCode).toBe(400);
    const big = Buffer.concat([await testImage('png'), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(big, 'big.png')).statusCode).toBe(413);
    expect((await upload(await stripes(), 'me.png', {}, '')).statusCode).toBe(401);
  });
});
