import { createCookieSessionStorage } from '@remix-run/node';
import { createToastUtilsWithCustomSession } from 'remix-toast';
import type { ToastData } from '~/components/toast';
import { env } from './env.server';

/**
 * Toasts: a flash message in a cookie, set by a redirect and shown by the next page.
 *
 * The cookie is signed with SESSION_SECRET: remix-toast 1.2.2's own cookie is
 * not (its `sign()` returns the value with a dot, whatever the secret), so anyone could plant a
 * message such as "sign in again at https://evil.example". Here remix-toast's helpers write into a
 * cookie session storage of Remix's, which signs with HMAC-SHA256; a cookie whose signature does
 * not match reads as empty. Every module imports toasts from here, never from 'remix-toast'
 * (tests/architecture.test.ts checks), which also keeps the package out of the browser build.
 */

const TOAST_TYPES = new Set<ToastData['type']>(['success', 'error', 'info', 'warning']);

export const toastStorage = createCookieSessionStorage({
  cookie: {
    name: '__toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.secureCookies,
    secrets: [env.SESSION_SECRET],
  },
});

const toasts = createToastUtilsWithCustomSession(toastStorage);

/** The longest toast text: the cookie must stay under a browser's 4 KB, or committing it throws (a 500). */
export const TOAST_MAX_LENGTH = 300;

/**
 * A toast's text, cut to fit its cookie: an api message may echo what a visitor sent (a 10 KB id
 * in a path), and a toast cookie over the limit made the action answer 500.
 */
export function toastText(message: string): string {
  return message.length > TOAST_MAX_LENGTH ? `${message.slice(0, TOAST_MAX_LENGTH - 1)}…` : message;
}

type MessageOrToast = Parameters<typeof toasts.redirectWithError>[1];
function fitted<M extends MessageOrToast>(toast: M): M {
  if (typeof toast === 'string') return toastText(toast) as M;
  const object = toast as Exclude<MessageOrToast, string>;
  return { ...object, message: toastText(object.message), ...(object.description ? { description: toastText(object.description) } : {}) } as M;
}

export const redirectWithSuccess: typeof toasts.redirectWithSuccess = (url, toast, init) => toasts.redirectWithSuccess(url, fitted(toast), init);
export const redirectWithError: typeof toasts.redirectWithError = (url, toast, init) => toasts.redirectWithError(url, fitted(toast), init);
export const redirectWithInfo: typeof toasts.redirectWithInfo = (url, toast, init) => toasts.redirectWithInfo(url, fitted(toast), init);
export const redirectWithToast: typeof toasts.redirectWithToast = (url, toast, init) => toasts.redirectWithToast(url, fitted(toast), init);
export const jsonWithSuccess: typeof toasts.jsonWithSuccess = (data, toast, init) => toasts.jsonWithSuccess(data, fitted(toast), init);
export const jsonWithError: typeof toasts.jsonWithError = (data, toast, init) => toasts.jsonWithError(data, fitted(toast), init);

/** The toast waiting for this request, if any, and the Set-Cookie that clears it once read. */
export async function getToast(request: Request): Promise<{ toast: ToastData | undefined; headers: Headers }> {
  const headers = new Headers();
  const session = await toastStorage.getSession(request.headers.get('Cookie'));
  const flash = session.get('flash') as { toast?: Partial<ToastData> } | undefined;
  if (flash === undefined) return { toast: undefined, headers };
  headers.append('Set-Cookie', await toastStorage.destroySession(session));
  const toast = flash?.toast;
  if (!toast || typeof toast.message !== 'string' || !TOAST_TYPES.has(toast.type as ToastData['type'])) return { toast: undefined, headers };
  return {
    toast: { type: toast.type as ToastData['type'], message: toast.message, ...(typeof toast.description === 'string' ? { description: toast.description } : {}) },
    headers,
  };
}
