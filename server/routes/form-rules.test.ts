import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBody, uploadedImageIds } from '../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import { placeRuleErrors } from '../contract/places';
import { createFirm } from '../seed/factories';

/**
 * One rule per field across the forms (decisions 140–142): the place rule of
 * the registration for the profile and the public project too, the same website and contact
 * number rules in the registration and the profile, and a business email apart from the login.
 */

let api: TestApi;
let firmId: string;
let token: string;

beforeAll(async () => {
  api = await createTestApi();
  firmId = (await createFirm(api.db, { email: 'rules@example.test' })).id;
  token = await loginToken(api, 'rules@example.test');
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const profile = (overrides: Record<string, unknown> = {}) => ({
  firmName: 'Rules Studio',
  firmType: 'architect',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  contactNo: '9820012345',
  userDetails: 'A studio.',
  teams: [{ name: 'Asha', role: 'Architect' }],
  ...overrides,
});

/** Places the offline data set does not subdivide: a country without states, a state without cities. */
const NO_STATES = { country: 'Aruba', state: '', city: '' };
const NO_CITIES = { country: 'France', state: 'Ain', city: '' };

describe('the place rule (item 1)', () => {
  it('asks for state and city only where the data set has them', () => {
    expect(placeRuleErrors(NO_STATES)).toEqual([]);
    expect(placeRuleErrors(NO_CITIES)).toEqual([]);
    expect(placeRuleErrors({ country: 'India' })).toEqual([{ path: 'state', message: 'State is required' }]);
    expect(placeRuleErrors({ country: 'India', state: 'Maharashtra' })).toEqual([{ path: 'city', message: 'City is required' }]);
    expect(placeRuleErrors({ country: '' })).toEqual([{ path: 'country', message: 'Country is required' }]);
  });

  it('a firm in a country without states, or a state without cities, saves its profile', async () => {
    for (const place of [NO_STATES, NO_CITIES]) {
      const res = await call('PUT', `/users/update-profile/${firmId}`, profile(place));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ country: place.country, state: place.state || null, city: null });
    }
    const missing = await call('PUT', `/users/update-profile/${firmId}`, profile({ state: '', city: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'state', message: 'State is required' }]);
  });

  it('and publishes a project there', async () => {
    for (const place of [NO_STATES, NO_CITIES]) {
      const ids = await uploadedImageIds(api, token, 4);
      const res = await call('POST', '/projects/public-project', projectBody(ids, place));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ country: place.country, city: null });
    }
    const ids = await uploadedImageIds(api, token, 4);
    const missing = await call('POST', '/projects/public-project', projectBody(ids, { state: 'Maharashtra', city: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'city', message: 'City is required' }]);
  });
});

describe('one rule per field (item 2)', () => {
  it('the profile adds https:// to a website without a scheme and strips spaces and dashes from the number, as the registration does', async () => {
    const res = await call('PUT', `/users/update-profile/${firmId}`, profile({ website: 'rules-studio.example', contactNo: '98200-12 345' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ website: 'https://rules-studio.example', contactNo: '9820012345' });
    const bad = await call('PUT', `/users/update-profile/${firmId}`, profile({ website: 'not a site', contactNo: '12345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: 'website', message: 'Enter a valid website address' },
        { path: 'contactNo', message: 'Enter a valid 10-digit phone number' },
      ]),
    );
  });
});

describe('the business email (item 3)', () => {
  it('is the public contact email, apart from the login email; changing it never changes how the firm signs in', async () => {
    const res = await call('PUT', `/users/update-profile/${firmId}`, profile({ businessEmail: 'Hello@Rules-Studio.example' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'rules@example.test', businessEmail: 'hello@rules-studio.example' });
    expect(await loginToken(api, 'rules@example.test')).toEqual(expect.any(String));
    const login = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'hello@rules-studio.example', password: 'secret123' } });
    expect(login.statusCode).toBe(401);
    // The public portfolio shows it.
    const pub = await api.app.inject({ method: 'GET', url: `/api/projects/public-portfolio/${firmId}` });
    expect(pub.json().data.userData.businessEmail).toBe('hello@rules-studio.example');
  });

  it('a profile body without the field leaves it; an empty one clears it; a wrong one is refused', async () => {
    await call('PUT', `/users/update-profile/${firmId}`, profile({ businessEmail: 'keep@rules-studio.example' }));
    expect((await call('PUT', `/users/update-profile/${firmId}`, profile())).json().data.businessEmail).toBe('keep@rules-studio.example');
    expect((await call('PUT', `/users/update-profile/${firmId}`, profile({ businessEmail: '' }))).json().data.businessEmail).toBeNull();
    const bad = await call('PUT', `/users/update-profile/${firmId}`, profile({ businessEmail: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'businessEmail', message: 'Invalid email format' }]);
  });
});
