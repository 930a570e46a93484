import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { TIME_ZONE_MESSAGES } from '../../contract/settings';
import { VIEWER_VERSION_HEADER, viewerVersion } from '../../contract/viewer';
import { toSessionUser } from '../../../app/utils/session-user';
import { createEmployee, createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

let api: TestApi;
let firmToken: string;
let employeeToken: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Zone Studio' });
  const employee = await createEmployee(api.db, firm.id, { userName: 'Zara Zone' });
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
  employeeToken = (await createSession(api.db, employee.id, { remember: false })).token;
});
afterAll(() => api?.close());

const me = (token: string) => api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
/** A save from the version the firm's setting is at now, as Setting read just now sends it (docs/decisions/320). */
const save = async (token: string, timeZone: unknown) => {
  const { version } = (await api.app.inject({ method: 'GET', url: '/api/firm/time-zone', headers: bearer(firmToken) })).json().data;
  return api.app.inject({ method: 'PUT', url: '/api/firm/time-zone', headers: bearer(token), payload: { timeZone, version } });
};

describe('PUT /api/firm/time-zone (decision 265)', () => {
  it("is India's until set; the firm's zone is its employees' too, and the viewer's version follows it", async () => {
    expect((await me(firmToken)).json().data.timeZone).toBe('Asia/Kolkata');
    const before = (await me(employeeToken)).headers[VIEWER_VERSION_HEADER];
    const saved = await save(firmToken, 'Europe/London');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: TIME_ZONE_MESSAGES.saved, data: { timeZone: 'Europe/London', version: expect.any(Number) } });
    expect((await me(firmToken)).json().data.timeZone).toBe('Europe/London');
    const employee = await me(employeeToken);
    expect(employee.json().data.timeZone).toBe('Europe/London');
    expect(employee.headers[VIEWER_VERSION_HEADER]).not.toBe(before);
    // The web's snapshot of the fresh account has the version the api names: its pages refresh once, then agree.
    for (const token of [firmToken, employeeToken]) {
      const fresh = await me(token);
      expect(viewerVersion(toSessionUser(fresh.json().data))).toBe(fresh.headers[VIEWER_VERSION_HEADER]);
    }
  });

  it('refuses a zone the runtime does not know, with the field named', async () => {
    for (const zone of ['Mars/Olympus', '../etc', '', 42]) {
      const refused = await save(firmToken, zone);
      expect(refused.statusCode).toBe(400);
      expect(messagesByPath(refused)).toEqual({ timeZone: TIME_ZONE_MESSAGES.invalid });
    }
  });
});
