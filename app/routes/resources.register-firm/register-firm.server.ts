import type { Submission, SubmissionResult } from '@conform-to/react';
import { FORM_LIMITS, parseWithZod } from '~/utils/form-data.server';
import { parseMultipartFormData } from '~/utils/multipart.server';
import {
  createCookieSessionStorage,
  json,
  redirect,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  type UploadHandler,
} from '@remix-run/node';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { z } from 'zod/v4';
import { getFirmRegistration, getMe, registerFirm, uploadFirmDocument } from '~/models/users.server';
import type { ApiError } from '~/utils/api.server';
import { failureReply } from '~/utils/forms.server';
import { env } from '~/utils/env.server';
import { pathWithDialog, REGISTER_FIRM_DIALOG, safeReturnPath, type RegisterFirmBanner, type RegisterFirmDialogData } from '~/utils/register-firm';
import { getSession, logoutRedirect, updateSessionUser, type SessionUser } from '~/utils/session.server';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE_MESSAGE,
  FirmRegistrationBody,
  VERIFICATION_PROMISE,
  type FirmRegistration,
} from '../../../server/contract/firm-registration';
import { isFirmRole, VERIFY } from '../../../server/contract/vocabulary';
import { placeFieldErrors, placeOptions } from '~/utils/places.server';
import { attempt } from '~/utils/form-action.server';

/**
 * The register-firm dialog's server side (docs/decisions/045): its data for the root loader (the
 * verification banner and, with `?dialog=register-firm`, the dialog) and the action
 * `/resources/register-firm`, which streams the document to the api upload, then registers.
 */

/** The form: the api's body plus what only the form carries; the file input itself is `document`. */
export const RegisterFirmForm = FirmRegistrationBody.extend({
  documentName: z.string().max(200).optional(),
  returnTo: z.string().max(2000).optional(),
});

const FORM_FIELDS = ['firmName', 'firmType', 'businessEmail', 'contactNo', 'website', 'address', 'country', 'state', 'city', 'documentURL', 'password'];
const HIDE_FIELDS = ['password'];

type Flash = { result: SubmissionResult<string[]> };

/** Without JavaScript a failed submission comes back as a redirect: its answer waits in this short-lived cookie. */
const flashStorage = createCookieSessionStorage<Record<string, never>, Flash>({
  cookie: {
    name: '__register_firm',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 300,
    secure: env.secureCookies,
    secrets: [env.SESSION_SECRET],
  },
});

export type RegisterFirmState = { banner: RegisterFirmBanner | null; dialog: RegisterFirmDialogData | null };

const NOTHING: RegisterFirmState = { banner: null, dialog: null };

function needsStatus(user: SessionUser, wantsDialog: boolean) {
  return wantsDialog || user.isVerify === VERIFY.pending || user.isVerify === VERIFY.rejected || (isFirmRole(user.role) && user.isVerify === VERIFY.none);
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * For the root loader: the signed-in user's verification banner and the dialog's data. Asks the
 * api only for accounts whose verification is open (or when the dialog is asked for), and refreshes
 * the session's user snapshot when a decision changed it (approved: role and banner follow).
 */
export async function loadRegisterFirm(
  request: Request,
  user: SessionUser | null,
): Promise<{ state: RegisterFirmState; user: SessionUser | null; cookies: string[] }> {
  // Set-Cookie values (a plain list: the Headers polyfill of remix-serve has no getSetCookie).
  const cookies: string[] = [];
  const url = new URL(request.url);
  const wantsDialog = url.searchParams.get('dialog') === REGISTER_FIRM_DIALOG;
  if (!user || !needsStatus(user, wantsDialog)) return { state: NOTHING, user, cookies };

  let status: FirmRegistration;
  try {
    status = (await getFirmRegistration(request)).data;
  } catch (error) {
    // The api being away (503) must not take every page down with it: no banner this time.
    if (error instanceof Response && error.status !== 503) throw error;
    return { state: NOTHING, user, cookies };
  }

  let current = user;
  if (status.isVerify !== user.isVerify || status.role !== user.role || status.HasPassword !== user.HasPassword) {
    const { data } = await getMe(request);
    cookies.push(await updateSessionUser(request, data));
    current = { ...user, role: data.role, isVerify: data.isVerify, HasPassword: data.HasPassword, firmName: data.firmName };
  }

  const banner =
    status.isVerify === VERIFY.pending || status.isVerify === VERIFY.rejected || (isFirmRole(status.role) && status.isVerify === VERIFY.none)
      ? { isVerify: status.isVerify, verifyNote: status.verifyNote, firmName: status.firmName }
      : null;
  if (!wantsDialog || !status.canRegister) return { state: { banner, dialog: null }, user: current, cookies };

  const flashSession = await flashStorage.getSession(request.headers.get('Cookie'));
  const lastResult = (flashSession.get('result') as SubmissionResult<string[]> | undefined) ?? null;
  if (lastResult) cookies.push(await flashStorage.destroySession(flashSession));

  // An earlier (rejected) registration fills the form in again.
  const defaultValue = Object.fromEntries(
    (['firmName', 'firmType', 'businessEmail', 'contactNo', 'website', 'address', 'country', 'state', 'city'] as const)
      .map((key) => [key, status[key] ?? undefined])
      .filter(([, v]) => v),
  );
  const chosen = (lastResult?.initialValue ?? defaultValue) as Record<string, unknown>;
  return {
    state: {
      banner,
      dialog: {
        lastResult,
        hasPassword: status.HasPassword,
        options: placeOptions(str(chosen.country), str(chosen.state)),
        defaultValue,
        rejected: status.isVerify === VERIFY.rejected ? { note: status.verifyNote } : null,
      },
    },
    user: current,
    cookies,
  };
}

/** The action of `/resources/register-firm` (multipart). */
export async function registerFirmAction(request: Request) {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) throw redirect('/?view=login#auth');

  let upload: { reference: string; name: string } | null = null;
  let uploadError: ApiError | null = null;
  const documentHandler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (name !== 'document') return undefined;
    // An empty file input (no file chosen), or a second document: read and dropped.
    if (!filename || upload || uploadError) {
      for await (const _chunk of data);
      return '';
    }
    const sent = await attempt(uploadFirmDocument(request, token, { filename, contentType, data, maxBytes: DOCUMENT_MAX_BYTES, tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE }));
    if (sent.ok) upload = { reference: sent.reply.urls[0]!, name: sent.reply.names[0] ?? filename };
    else uploadError = sent.error;
    return '';
  };

  let formData: FormData;
  try {
    formData = await parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(documentHandler, unstable_createMemoryUploadHandler({ maxPartSize: 100_000 })),
      { maxParts: FORM_LIMITS.maxFields },
    );
  } catch {
    return json({ result: null, toast: { type: 'error' as const, message: 'The form could not be read. Please try again.' } }, { status: 400 });
  }
  const failedUpload = uploadError as ApiError | null;
  if (failedUpload?.status === 401) throw await logoutRedirect(request);

  const enhanced = formData.get('enhanced') === '1';
  const returnTo = safeReturnPath(formData.get('returnTo'));
  formData.delete('document');
  formData.delete('enhanced');
  const uploaded = upload as { reference: string; name: string } | null;
  if (uploaded) {
    formData.set('documentURL', uploaded.reference);
    formData.set('documentName', uploaded.name);
  }

  const submission = parseWithZod(formData, { schema: RegisterFirmForm });

  /** A failed submission: JSON for the in-place dialog, a redirect back to the dialog without JavaScript. */
  const placeErrors = placeFieldErrors(submission.payload);
  const fail = async (sub: Submission<unknown>, apiError?: ApiError | null) => {
    // The api's answers are also announced as a toast (spec: firm register failures); its upload's `files` is the document.
    // The place rule's errors come with the others, so one submit shows them all.
    const fieldErrors = sub.status === undefined ? {} : placeErrors;
    const { result, toast, status } = failureReply(sub, { error: apiError, fields: FORM_FIELDS, rename: { files: 'documentURL' }, hideFields: HIDE_FIELDS, fieldErrors });
    if (enhanced) return json({ result, toast }, { status });
    const flash = await flashStorage.getSession();
    flash.flash('result', result);
    const init = { headers: { 'Set-Cookie': await flashStorage.commitSession(flash) } };
    return toast ? redirectWithError(pathWithDialog(returnTo), toast.message, init) : redirect(pathWithDialog(returnTo), init);
  };

  // A refresh of the place lists (no JavaScript) or a failed document upload: back to the form.
  if (submission.status !== 'success' || failedUpload || Object.keys(placeErrors).length) {
    return fail(submission, failedUpload);
  }

  const { documentName: _name, returnTo: _returnTo, ...body } = submission.value;
  const sent = await attempt(registerFirm(request, body));
  if (!sent.ok) return fail(submission, sent.error);
  const cookie = await updateSessionUser(request, sent.reply.user);
  return redirectWithSuccess(returnTo, { message: 'Firm registration submitted', description: `${VERIFICATION_PROMISE}.` }, { headers: { 'Set-Cookie': cookie } });
}
