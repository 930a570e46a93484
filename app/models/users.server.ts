import type { z } from 'zod/v4';
import { call, fetchOperation, forwardedFor } from '~/utils/api.server';
import { streamFileToApi, type StreamedFile } from '~/utils/stream-upload.server';
import { accountOperations as ops } from '../../server/contract/account-operations';
import { firmRegistrationOperations as firm, type FirmRegistrationBody } from '../../server/contract/firm-registration';
import type { ReplyOf } from '../../server/contract/operation';
import type { EmailChangeBody, EmailChangeConfirmBody } from '../../server/contract/email-change';
import type { UpdateProfileInput } from '../../server/contract/profile';
import type { SocialLoginBody } from '../../server/contract/social-login';
import type { ForgotPasswordBody, LoginBody, RegisterInput, ResetPasswordBody, UserReply } from '../../server/contract/users';

/**
 * The api calls of accounts (DESIGN.md section 4, /api/users/…): the only place the web writes
 * their paths and reply types, most by their declarations (server/contract/account-operations.ts,
 * docs/decisions/370) and server/contract/firm-registration.ts. Each call is made for the visitor of `request` (its token, its
 * address); a 401 for a sent token ends the web session (api.server.ts).
 */

export const login = (request: Request, body: z.input<typeof LoginBody>) =>
  call(request, ops.login, { json: body });

export const register = (request: Request, body: RegisterInput) =>
  call(request, ops.register, { json: body });

export const loginWithSocial = (request: Request, body: z.input<typeof SocialLoginBody>) =>
  call(request, ops.socialLogin, { json: body });

export const forgotPassword = (request: Request, body: ForgotPasswordBody) =>
  call(request, ops.forgotPassword, { json: body });

export const resetPassword = (request: Request, body: ResetPasswordBody) =>
  call(request, ops.resetPassword, { json: body });

/** Revokes a token at the api; answers nothing and never fails (the web session ends anyway). */
export async function revokeToken(token: string) {
  await fetchOperation(ops.logout, {}, { token }).catch(() => undefined);
}

/** The signed-in account, as the api has it now. */
export const getMe = (request: Request) => call(request, ops.me, {});

/** The account of `token`, without the session's viewer check (the check itself uses it: app/utils/viewer.server.ts). */
export const fetchMe = (token: string, forwardedFor?: string): Promise<UserReply> => fetchOperation(ops.me, {}, { token, forwardedFor });

export const updateProfile = (request: Request, userId: string, body: UpdateProfileInput) =>
  call(request, ops.updateProfile, { params: { id: userId }, json: body });

/** The login-email change (docs/decisions/067): the pending change, step 1 (password, new address) and step 2 (the code). */
export const getPendingEmailChange = (request: Request) => call(request, ops.pendingEmailChange, {});
export const startEmailChange = (request: Request, body: z.input<typeof EmailChangeBody>) =>
  call(request, ops.startEmailChange, { json: body });
export const confirmEmailChange = (request: Request, body: z.input<typeof EmailChangeConfirmBody>) =>
  call(request, ops.confirmEmailChange, { json: body });

/** The profile photo: multipart `file`, with the optional crop fields x, y, size. */
export const uploadProfileImage = (request: Request, body: FormData) =>
  call(request, ops.profileImage, { body });

export const getFirmRegistration = (request: Request) => call(request, firm.status, {});

export const registerFirm = (request: Request, body: z.input<typeof FirmRegistrationBody>) =>
  call(request, firm.register, { json: body });

/** Streams the registration document of a form being parsed on to the api (field `files`). */
export const uploadFirmDocument = (request: Request, token: string, file: StreamedFile) =>
  streamFileToApi<ReplyOf<typeof firm.upload>>(firm.upload.path, { ...file, token, forwardedFor: forwardedFor(request), field: 'files' });

/** The sign-up mail's address link (docs/decisions/340): proves the account's address. No session needed. */
export const confirmAddress = (request: Request, token: string) =>
  fetchOperation(ops.confirmAddress, { params: { token } }, { forwardedFor: forwardedFor(request) });
