import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ApiError } from './api.server';
import { failureReply, formFailure } from './forms.server';

const Form = z.object({ email: z.string({ error: 'Email is required' }), images: z.string().optional(), password: z.string().optional() });

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return parseWithZod(formData, { schema: Form });
}

describe('formFailure', () => {
  it('puts the api’s field details under their fields, the others as form errors, and the message in a toast', async () => {
    const error = new ApiError(409, 'Taken', [
      { path: 'email', message: 'An account with this email already exists' },
      { path: 'somethingElse', message: 'Not a field of this form' },
    ]);
    const res = formFailure(submit({ email: 'a@b.test', password: 'secret' }), { error, intent: 'signup', hideFields: ['password'] });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.intent).toBe('signup');
    expect(body.toast).toEqual({ type: 'error', message: 'Taken' });
    expect(body.result.error).toEqual({ email: ['An account with this email already exists'], '': ['Not a field of this form'] });
    expect(body.result.initialValue?.password).toBeUndefined();
    expect(body.result.initialValue?.email).toBe('a@b.test');
  });

  it('renames api paths onto the form’s fields (imageIds.2 is the images field)', () => {
    const error = new ApiError(400, 'Image not found', [{ path: 'imageIds.2', message: 'Image not found; upload it again' }]);
    const { result } = failureReply(submit({ email: 'a@b.test' }), { error, fields: ['email', 'images'], rename: { imageIds: 'images' } });
    expect(result.error).toEqual({ images: ['Image not found; upload it again'] });
  });

  it('says the spec’s message for a server failure, as a form error and a toast, and answers 400', () => {
    const { result, toast, status } = failureReply(submit({ email: 'a@b.test' }), { error: new ApiError(503, 'down'), serverFailure: 'Failed to save project' });
    expect(result.error).toEqual({ '': ['Failed to save project'] });
    expect(toast).toEqual({ type: 'error', message: 'Failed to save project' });
    expect(status).toBe(400);
  });

  it('keeps validation errors, adds the action’s own, and passes extra data through', async () => {
    const res = formFailure(submit({ email: '' }), { fieldErrors: { images: ['Please upload at least 4 images'] }, data: { options: { countries: ['India'] } } });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.result.error).toEqual({ email: ['Email is required'], images: ['Please upload at least 4 images'] });
    expect(body.options).toEqual({ countries: ['India'] });
    expect(body.toast).toBeNull();
  });

  it('rethrows what is not an api failure', () => {
    expect(() => failureReply(submit({ email: 'a@b.test' }), { error: new Error('bug') })).toThrow('bug');
  });
});
