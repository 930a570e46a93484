/** Client-safe helpers and types of the register-firm dialog (no schema, no server code). */
import type { SubmissionResult } from '@conform-to/react';
import type { z } from 'zod/v4';
import { safeRedirectPath } from './paths';
import type { FirmRegistrationBody } from '../../server/contract/firm-registration';
import type { PlaceOptions } from './places.server';
import type { FormToast } from './forms.server';

/** The form's fields: the api's body plus what only the form carries (the action's RegisterFirmForm). */
export type RegisterFirmFormInput = z.input<typeof FirmRegistrationBody> & { documentName?: string; returnTo?: string };

/** The action's JSON answer to the dialog's fetcher (with JavaScript). */
export type RegisterFirmReply = { result: SubmissionResult<string[]> | null; toast?: FormToast | null };

export type RegisterFirmBanner = { isVerify: number; verifyNote: string | null; firmName: string | null };
export type RegisterFirmDialogData = {
  lastResult: SubmissionResult<string[]> | null;
  hasPassword: boolean;
  options: PlaceOptions;
  defaultValue: Partial<Record<string, string>>;
  rejected: { note: string | null } | null;
};

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
