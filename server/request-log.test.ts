import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../tests/helpers/test-api';
import { bearer } from '../tests/helpers/test-api';
import { buildApp } from './app';
import { notFound } from './errors';
import { newId } from './db/ids';
import { insertSchedule } from './queries/schedules';
import { createFirm, createWorkspaceProject } from './seed/factories';
import { createSession } from './queries/sessions';

/** The api's log (docs/decisions/135): one line per request at the right level, stacks only for 5xx. */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const probes: FastifyPluginAsyncZod = async (app) => {
  app.get('/probe/missing', async () => {
    throw notFound('Project not found');
  });
  app.get('/probe/broken', async () => {
    throw new Error('a bug of ours');
  });
};

/** An api on the test database whose log (at `level`, in `nodeEnv`) is kept. */
async function loggedApi(nodeEnv: 'production' | 'development', level: string) {
  const lines: Array<Record<string, unknown> & { err?: { stack?: string } }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const ctx = { ...api.ctx, config: { ...api.ctx.config, NODE_ENV: nodeEnv } };
  const app = await buildApp(ctx, { logger: pino({ level }, stream), extraRoutes: { public: [probes] } });
  await app.ready();
  return { app, lines };
}

describe('the api log', () => {
  it('writes one line per request at info in production; a 4xx has no stack, a 5xx has one', async () => {
    const { app, lines } = await loggedApi('production', 'info');
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/probe/missing' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    await app.inject({ method: 'GET', url: '/api/probe/broken' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.level, l.url, l.status])).toEqual([
      [30, '/api/health', 200],
      [30, '/api/probe/missing', 404],
      [30, '/api/no-such-route', 404],
      [30, '/api/probe/broken', 500],
    ]);
    expect(requests.every((l) => typeof l.ms === 'number')).toBe(true);
    const withStacks = lines.filter((l) => l.err?.stack);
    expect(withStacks).toHaveLength(1);
    expect(withStacks[0]!.err!.stack).toContain('a bug of ours');
    expect(lines).toHaveLength(5);
  });

  it('carries the request id the proxy and the web sent (or a fresh one for a missing or odd one) on the lines of the request', async () => {
    const { app, lines } = await loggedApi('production', 'info');
    const broken = await app.inject({ method: 'GET', url: '/api/probe/broken', headers: { 'x-request-id': 'caddy-7f3a' } });
    expect(broken.headers['x-request-id']).toBe('caddy-7f3a');
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'no spaces\nor new lines' } });
    expect(lines.filter((l) => l.requestId === 'caddy-7f3a').map((l) => l.msg)).toEqual(expect.arrayContaining(['request']));
    expect(lines.filter((l) => l.requestId === 'caddy-7f3a').length).toBe(2);
    const other = lines.find((l) => l.url === '/api/health')!;
    expect(other.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs requests at debug outside production: nothing at the default level, a line with LOG_LEVEL=debug', async () => {
    const quiet = await loggedApi('development', 'info');
    await quiet.app.inject({ method: 'GET', url: '/api/health' });
    await quiet.app.inject({ method: 'GET', url: '/api/probe/missing' });
    expect(quiet.lines).toHaveLength(0);
    const verbose = await loggedApi('development', 'debug');
    await verbose.app.inject({ method: 'GET', url: '/api/health' });
    expect(verbose.lines.filter((l) => l.msg === 'request')).toEqual([expect.objectContaining({ level: 20, url: '/api/health', status: 200 })]);
  });
});

describe('secrets in the api log (docs/decisions/245)', () => {
  it('prints neither a share-link token nor an iCal feed token nor a ?token= value, at any level', async () => {
    const { app, lines } = await loggedApi('production', 'debug');
    const firm = await createFirm(api.db);
    const project = await createWorkspaceProject(api.db, firm.id);
    const schedule = await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Living room', description: '', images: [] });
    const session = bearer((await createSession(api.db, firm.id, { remember: false })).token);
    const link = await app.inject({ method: 'POST', url: `/api/projects/schedules/${schedule.id}/share-links`, headers: session, payload: { clientName: 'Mrs Rao' } });
    const shareToken = link.json().data.token as string;
    const feed = (await app.inject({ method: 'POST', url: '/api/calendar/feed', headers: session })).json().data as { path: string; token: string };
    const secrets = [shareToken, feed.token, 'q-Secret-9'];

    expect((await app.inject({ method: 'GET', url: `/api/share/${shareToken}` })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/share/${shareToken}/images/${newId()}` });
    expect((await app.inject({ method: 'GET', url: feed.path })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/health?token=q-Secret-9` });

    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(shareToken.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const urls = lines.filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/share/[redacted]', '/api/calendar/feed/[redacted]', '/api/health?token=[redacted]']));
  });
});
