import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/helpers/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('GET /api/health', () => {
  it('answers ready when the database and the file storage answer', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    }
  });

  it('answers not ready (503, saying what is missing) while the storage cannot be reached, and alive all the same', async () => {
    const check = api.ctx.storage.check;
    api.ctx.storage.check = () => Promise.reject(new Error('bucket gone'));
    try {
      const res = await api.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable' });
      const live = await api.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      api.ctx.storage.check = check;
    }
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/users/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('userName');
  });

  it('answers unknown routes with the json error shape', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
