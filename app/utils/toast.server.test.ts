import { describe, expect, it } from 'vitest';
import { getToast as libraryGetToast } from 'remix-toast';
import { getToast, redirectWithError, redirectWithSuccess, TOAST_MAX_LENGTH } from './toast.server';

const withCookie = (cookie: string) => new Request('http://web.test/explore', { headers: { cookie } });

/** The cookie remix-toast 1.2.2 itself would write: base64 JSON and a dot, no signature. */
function unsigned(name: string, toast: object) {
  return `${name}=${encodeURIComponent(`${btoa(JSON.stringify({ __flash_flash__: { toast } }))}.`)}`;
}

describe('toasts', () => {
  it('shows a toast set by our own redirect, once', async () => {
    const response = await redirectWithSuccess('/explore', 'Project added successfully');
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const { toast, headers } = await getToast(withCookie(cookie));
    expect(toast).toEqual({ type: 'success', message: 'Project added successfully' });
    expect(headers.get('set-cookie')).toMatch(/__toast=;/);
  });

  it('shows nothing for a planted unsigned or forged cookie', async () => {
    const planted = { type: 'error', message: 'Sign in again at https://evil.example' };
    for (const cookie of [unsigned('__toast', planted), unsigned('toast-session', planted), `${unsigned('__toast', planted).replace(/\.$/, '')}.forged`]) {
      expect((await getToast(withCookie(cookie))).toast).toBeUndefined();
    }
  });

  it('(the hole it closes) remix-toast on its own believes such a cookie, secret or not', async () => {
    const planted = { type: 'error', message: 'Sign in again at https://evil.example' };
    expect((await libraryGetToast(withCookie(unsigned('toast-session', planted)))).toast?.message).toBe(planted.message);
  });

  it('sets no cookie on a page without a toast', async () => {
    const { toast, headers } = await getToast(withCookie(''));
    expect(toast).toBeUndefined();
    expect(headers.get('set-cookie')).toBeNull();
  });

  it('cuts a message that echoes a huge input, so its cookie fits (it was a 500)', async () => {
    const response = await redirectWithError('/workspace', `No route DELETE /api/contacts/${'x'.repeat(10_240)}`);
    expect(response.status).toBe(302);
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie.length).toBeLessThan(4096);
    const { toast } = await getToast(withCookie(cookie));
    expect(toast?.message).toHaveLength(TOAST_MAX_LENGTH);
    expect(toast?.message.endsWith('…')).toBe(true);
  });
});
