import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { databaseErrorCode, HttpError, INVALID_BODY_MESSAGE, isUniqueViolation, registerErrorHandling, safeValidatorCompiler } from './errors';

describe('databaseErrorCode', () => {
  it('finds the SQLSTATE through the causes drizzle wraps around it', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505' });
    const wrapped = new Error('Failed query', { cause: pg });
    expect(databaseErrorCode(wrapped)).toBe('23505');
    expect(isUniqueViolation(wrapped)).toBe(true);
  });

  it('ignores codes that are not SQLSTATEs and errors without one', () => {
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: 'FST_ERR_VALIDATION' }))).toBeUndefined();
    expect(databaseErrorCode(new Error('plain'))).toBeUndefined();
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('the error reply', () => {
  it('carries the message, the machine-readable code and the field details of an HttpError', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/fail', async () => {
      throw new HttpError(409, 'Email taken', [{ path: 'email', message: 'Email taken' }], 'email_taken');
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email taken', code: 'email_taken', details: [{ path: 'email', message: 'Email taken' }] });
    await app.close();
  });
});

describe('an unknown route', () => {
  it('names the path, but not the whole of a huge one (a visitor\'s 10 KB id)', async () => {
    const app = Fastify({ maxParamLength: 200 });
    registerErrorHandling(app);
    const short = await app.inject({ method: 'DELETE', url: '/api/nothing/here?x=1' });
    expect(short.statusCode).toBe(404);
    expect(short.json().message).toBe('No route DELETE /api/nothing/here');
    const huge = await app.inject({ method: 'DELETE', url: `/api/contacts/${'x'.repeat(10_240)}` });
    expect(huge.statusCode).toBe(404);
    expect(huge.json().message.length).toBeLessThan(150);
    await app.close();
  });
});

describe('the body validator', () => {
  it('answers 400, never 500, for a value zod itself cannot read', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(safeValidatorCompiler);
    registerErrorHandling(app);
    app.post('/password', { schema: { body: z.object({ newPassword: z.string().min(6, 'Too short') }) } }, async () => ({ ok: true }));
    // zod 4's length check formats an object's `length`: this one throws inside zod.
    const hostile = await app.inject({ method: 'POST', url: '/password', payload: { newPassword: { length: { toString: 0 } } } });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toEqual({ message: INVALID_BODY_MESSAGE });
    // Ordinary refusals keep their field messages.
    const short = await app.inject({ method: 'POST', url: '/password', payload: { newPassword: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ path: 'newPassword', message: 'Too short' }]);
    expect((await app.inject({ method: 'POST', url: '/password', payload: { newPassword: 'secret123' } })).json()).toEqual({ ok: true });
    await app.close();
  });
});
