import { redirect } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/v4';
import { ApiError } from './api.server';
import { redirectToast } from '../../tests/helpers/stand-in-api';
import { asErrorResponse, attempt, fileOrReason, firstDetail, guarded, optional, redirectAfter, redirectFailure, required, serverFailed, submitForm } from './form-action.server';

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

  it('shows a failure errorPage picks as the error page instead of the form', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(404, 'Message not found'));
    const thrown = await submitForm(form({ title: 'Hall' }), { schema: Form, send, done: () => redirect('/'), errorPage: (e) => e.status === 404 }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(404);
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

describe('required with a fallback (the public showcase pages)', () => {
  const fallback = { to: '/explore', message: 'Failed to load project details', complete: (reply: { ok?: boolean }) => reply.ok };
  it('shows a 400, 403 or 404 as the shared not-found page', async () => {
    for (const status of [400, 403, 404]) {
      const thrown = await required(Promise.reject(new ApiError(status, 'nope')), fallback).catch((e) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown.status).toBe(404);
    }
  });
  it('goes back to the fallback with its toast on a server failure or an incomplete reply', async () => {
    for (const promise of [Promise.reject(new ApiError(503, 'away')), Promise.resolve({ ok: false })]) {
      const thrown = await required(promise, fallback).catch((e) => e);
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get('Location')).toBe('/explore');
    }
    await expect(required(Promise.resolve({ ok: true }), fallback)).resolves.toEqual({ ok: true });
  });
});

describe('attempt', () => {
  it('gives the reply or the api failure as a value, and throws anything else', async () => {
    expect(await attempt(Promise.resolve(1))).toEqual({ ok: true, reply: 1 });
    const failure = new ApiError(409, 'Taken');
    expect(await attempt(Promise.reject(failure))).toEqual({ ok: false, error: failure });
    const away = redirect('/');
    await expect(attempt(Promise.reject(away))).rejects.toBe(away);
  });
});

describe('redirectAfter', () => {
  it('redirects with the success toast, or with the api message to the failure address', async () => {
    const ok = await redirectAfter(Promise.resolve({ message: 'Done' }), '/list', (reply) => reply.message);
    expect(ok.headers.get('Location')).toBe('/list');
    expect(await redirectToast(ok)).toEqual({ type: 'success', message: 'Done' });
    const refused = await redirectAfter(Promise.reject(new ApiError(403, 'Not yours')), '/list', 'Done', { to: '/list?panel=new' });
    expect(refused.headers.get('Location')).toBe('/list?panel=new');
    expect(await redirectToast(refused)).toEqual({ type: 'error', message: 'Not yours' });
  });
  it('says what did not happen for a server failure, and keeps the api message for a refusal', async () => {
    const failed = await redirectAfter(Promise.reject(new ApiError(500, 'Internal Server Error')), '/list', 'Done', { serverFailure: 'Failed to delete contact' });
    expect(await redirectToast(failed)).toEqual({ type: 'error', message: 'Failed to delete contact' });
    const refused = await redirectAfter(Promise.reject(new ApiError(409, 'Still on an invoice')), '/list', 'Done', { serverFailure: 'Failed to delete contact' });
    expect(await redirectToast(refused)).toEqual({ type: 'error', message: 'Still on an invoice' });
  });
  it('shows a failure errorPage picks as the error page with its status', async () => {
    const thrown = await redirectAfter(Promise.reject(new ApiError(503, 'away')), '/list', 'Done', { errorPage: serverFailed }).catch((e) => e);
    expect(thrown.status).toBe(503);
    const detailed = await redirectFailure(new ApiError(400, 'Bad', [{ path: 'date', message: 'Too early' }]), '/list', { message: firstDetail });
    expect(await redirectToast(detailed)).toEqual({ type: 'error', message: 'Too early' });
  });
});

describe('optional', () => {
  it('gives null and the server message as a toast when the call fails, and lets a 401 through', async () => {
    expect(await optional(Promise.resolve(2))).toEqual({ reply: 2, toast: null });
    expect(await optional(Promise.reject(new ApiError(500, 'Down')))).toEqual({ reply: null, toast: { type: 'error', message: 'Down' } });
    const ended = new ApiError(401, 'Sign in');
    await expect(optional(Promise.reject(ended))).rejects.toBe(ended);
  });
});

describe('fileOrReason', () => {
  it('passes the file through, or says the refusal as plain text with its status', async () => {
    const file = new Response('bytes');
    expect(await fileOrReason(Promise.resolve(file))).toBe(file);
    const refused = await fileOrReason(Promise.reject(new ApiError(404, 'File not found')));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await refused.text()).toBe('File not found');
  });
});

describe('guarded', () => {
  it('drops the data call when the guard refuses', async () => {
    const away = redirect('/');
    await expect(guarded(Promise.reject(away), Promise.reject(new ApiError(500, 'x')))).rejects.toBe(away);
    expect(await guarded(Promise.resolve('me'), Promise.resolve(3))).toEqual(['me', 3]);
  });
});

describe('asErrorResponse', () => {
  it('turns an api failure into a response with its status, so the boundary can word it', async () => {
    for (const status of [403, 404, 503]) {
      const response = asErrorResponse(new ApiError(status, 'nope'));
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(status);
      expect(await (response as Response).json()).toEqual({ message: 'nope' });
    }
  });

  it('lets a guard’s redirect and any other error through unchanged', () => {
    const away = redirect('/explore');
    expect(asErrorResponse(away)).toBe(away);
    const bug = new TypeError('bug');
    expect(asErrorResponse(bug)).toBe(bug);
  });
});
