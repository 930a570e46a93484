import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
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
