import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseErrorCode, HttpError, isUniqueViolation, registerErrorHandling } from './errors';

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
