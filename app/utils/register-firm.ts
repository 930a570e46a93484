/** Client-safe helpers of the register-firm dialog (no schema, no server code). */
import { safeRedirectPath } from './paths';

/** The query value that opens the register-firm dialog over the current page. */
export const REGISTER_FIRM_DIALOG = 'register-firm';

/** `pathname?search` without the dialog parameter: where the dialog closes to. */
export function pathWithoutDialog(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('dialog');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The same page with the register-firm dialog open. */
export function pathWithDialog(path: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('dialog', REGISTER_FIRM_DIALOG);
  return `${url.pathname}${url.search}`;
}

/** A path of this site to go back to, without the dialog, or /explore for anything else (never an open redirect). */
export function safeReturnPath(value: unknown): string {
  const url = new URL(safeRedirectPath(value, '/explore'), 'http://x');
  return pathWithoutDialog(url.pathname, url.search);
}
