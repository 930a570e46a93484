import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { binary, operation } from '../server/contract/operation';
import { routeOf } from '../server/routes/declared';
import { createTestApi, type TestApi } from './helpers/test-api';

/**
 * The one helper that checks replies against their declarations in every api test
 * (tests/helpers/test-api.ts, docs/decisions/370): a probe operation answers rightly and then
 * breaks its declaration in each way, and each broken answer fails the call that saw it.
 */

const probe = operation({
  method: 'GET',
  path: '/reply-probe/:kind',
  scope: 'public',
  tags: ['probe'],
  summary: 'Answers as its kind says',
  params: z.object({ kind: z.enum(['right', 'status', 'field', 'type', 'file']) }),
  replies: { 200: z.object({ ok: z.boolean() }), 201: binary('application/pdf') },
});

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(probe),
    handler: async (request, reply) => {
      const { kind } = request.params;
      if (kind === 'status') return reply.status(418).send({ ok: true } as never);
      // Strings are sent as they are (no serializer): the body reaches the check as written.
      if (kind === 'field') return reply.type('application/json').send('{"ok":"yes"}' as never);
      if (kind === 'type') return reply.type('text/plain').send('ok' as never);
      if (kind === 'file') return reply.status(201).type('image/png').send(Buffer.from('png') as never);
      return { ok: true };
    },
  });
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { extraRoutes: { public: [probeRoutes] } });
});
afterAll(() => api.close());

const call = (kind: string) => api.app.inject({ method: 'GET', url: `/api/reply-probe/${kind}` });

describe('the reply check of every api test', () => {
  it('lets an answer its declaration allows through', async () => {
    expect((await call('right')).json()).toEqual({ ok: true });
  });

  it.each([
    ['status', /answered 418, a status it does not declare/],
    ['field', /answered 200 with a body its declaration refuses/],
    ['type', /answered 200 as text\/plain.*declared application\/json/],
    ['file', /answered 201 as image\/png.*declared application\/pdf/],
  ])('fails the call whose answer breaks it: %s', async (kind, message) => {
    await expect(call(kind)).rejects.toThrow(message);
  });
});
