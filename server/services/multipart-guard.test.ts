import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import { createFirm } from '../seed/factories';
let api: TestApi; let token: string;
beforeAll(async () => { api = await createTestApi(); const f = await createFirm(api.db); token = await loginToken(api, f.email); });
afterAll(() => api.close());
describe('a multipart body cut off inside a file', () => {
it.each(['/api/projects/images', '/api/users/upload/file', '/api/users/profile-image'])('truncated multipart on %s is answered 4xx and the api keeps running', async (url) => {
  const boundary = 'XyZ';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nabcdefgh`;
  const res = await api.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
});
});
