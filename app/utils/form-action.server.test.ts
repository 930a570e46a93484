import { redirect } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/v4';
import { ApiError } from './api.server';
import { required, submitForm } from './form-action.server';

const Form = z.object({ title: z.string({ error: 'Title is required' }).min(2, 'Too short'), secret: z.string().optional() });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe('submitForm', () => {
  it('answers a form the schema refuses without calling the model', async () => {
    const send = vi.fn();
    const res = await submitForm(form({ title: 'x' }), { schema: Form, intent: 'add', send, done: () => redirect('/') });
    expect(send).not.toHaveBeenCalled();
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.intent).toBe('add');
    expect(body.result.error).toEqual({ title: ['Too short'] });
  });

  it('puts an api failure on the form, with the failure options of the parsed value', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(409, 'Taken', [{ path: 'title', message: 'That title is used' }]));
    const res = await submitForm(form({ title: 'Hall', secret: 'pw' }), {
      schema: Form,
      send,
      done: () => redirect('/'),
      failure: (value) => ({ hideFields: ['secret'], data: { echoed: value?.title } }),
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.result.error).toEqual({ title: ['That title is used'] });
    expect(body.result.initialValue.secret).toBeUndefined();
    expect(body.echoed).toBe('Hall');
    expect(body.toast).toEqual({ type: 'error', message: 'Taken' });
  });

  it('hands the model’s reply and the value to done, and lets other errors through', async () => {
    const res = await submitForm(form({ title: 'Hall' }), { schema: Form, send: async (v) => v.title.length, done: (n, v) => redirect(`/x/${n}/${v.title}`) });
    expect(res.headers.get('Location')).toBe('/x/4/Hall');
    const bug = new Error('bug');
    await expect(submitForm(form({ title: 'Hall' }), { schema: Form, send: () => Promise.reject(bug), done: () => redirect('/') })).rejects.toBe(bug);
  });
});

describe('required', () => {
  it('turns an api failure into the response the route throws, and passes the rest', async () => {
    await expect(required(Promise.resolve(3))).resolves.toBe(3);
    const thrown = await required(Promise.reject(new ApiError(404, 'Not found', []))).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(404);
    const bug = new Error('bug');
    await expect(required(Promise.reject(bug))).rejects.toBe(bug);
  });
});
