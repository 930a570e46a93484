import { z } from 'zod/v4';
import { AddressTokenParams } from './address-confirmation.js';
import { EmailChangeBody, EmailChangeConfirmBody, EmailChangeReply, PendingEmailChangeReply } from './email-change.js';
import { bodyErrors, ErrorReply, IdParams, MessageReply } from './http.js';
import { operationsOf } from './operation.js';
import { UpdateProfileBody } from './profile.js';
import { SocialLoginBody } from './social-login.js';
import { ForgotPasswordBody, LoginBody, LoginReply, RegisterBody, RegisterReply, ResetPasswordBody, UserOrFirmReply, UserReply } from './users.js';

/**
 * The account's operations (DESIGN.md section 4, /api/users/…; docs/decisions/370): signing up and
 * in, the password's reset, the session's account, the login-email change, the profile and its
 * photo, the sign-up address link. The api registers them (server/routes/users/) and the web calls
 * them (app/models/users.server.ts). Apart from users.ts, which the email-change and profile
 * contracts import. The firm registration's operations are not here yet.
 */

const tags = ['users'] as const;
const publicOp = operationsOf('public', tags);
const signedInOp = operationsOf('signedIn', tags);
const firmOp = operationsOf('firm', tags);

/** A sign-in's refusals (wrong password 401, a deactivated account 403, a taken email 409), its rate limits (429) and an unreachable limiter (503). */
const signInErrors = { 401: ErrorReply, 403: ErrorReply, 409: ErrorReply, 429: ErrorReply, 503: ErrorReply } as const;
/** A code mailed to the new address: taken (409), too many (429), the limiter unreachable (503). */
const emailChangeErrors = { 409: ErrorReply, 429: ErrorReply, 503: ErrorReply } as const;

/** POST /api/users/profile-image: the photo and, optionally, the square to keep in pixels of the displayed image. */
export const ProfileImageParts = z.object({
  file: z.file().describe('JPG or PNG, 10 MB'),
  x: z.string().regex(/^\d+$/).optional(),
  y: z.string().regex(/^\d+$/).optional(),
  size: z.string().regex(/^\d+$/).optional(),
});

export const accountOperations = {
  register: publicOp({ method: 'POST', path: '/users/register', summary: 'Sign up (an explorer or a firm) and get a session', body: RegisterBody, replies: { 201: RegisterReply, ...signInErrors, ...bodyErrors } }),
  login: publicOp({ method: 'POST', path: '/users/login', summary: 'Sign in with email and password', body: LoginBody, replies: { 200: LoginReply, ...signInErrors, ...bodyErrors } }),
  socialLogin: publicOp({
    method: 'POST',
    path: '/users/login/social',
    summary: 'Sign in with a Google or Apple ID token (an unknown provider, a token that does not verify or does not match the payload: 401)',
    body: SocialLoginBody,
    replies: { 200: LoginReply, 401: ErrorReply, 429: ErrorReply, 503: ErrorReply, ...bodyErrors },
  }),
  forgotPassword: publicOp({
    method: 'POST',
    path: '/users/forgot-password',
    summary: 'Mail a 6-digit code to reset the password (the same answer whether or not the account exists)',
    body: ForgotPasswordBody,
    replies: { 200: MessageReply, ...signInErrors, ...bodyErrors },
  }),
  resetPassword: publicOp({
    method: 'POST',
    path: '/users/reset-password',
    summary: 'Set a new password with the mailed code',
    body: ResetPasswordBody,
    replies: { 200: MessageReply, ...signInErrors, ...bodyErrors },
  }),
  confirmAddress: publicOp({
    method: 'POST',
    path: '/users/address-confirmation/:token',
    summary: "Confirm the account's email address with the link mailed at sign-up",
    params: AddressTokenParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  logout: signedInOp({ method: 'POST', path: '/users/logout', summary: "End the caller's session", replies: { 200: MessageReply, 401: ErrorReply, ...bodyErrors } }),
  me: signedInOp({ method: 'GET', path: '/users/me', summary: 'The signed-in account', replies: { 200: UserReply, 401: ErrorReply } }),
  get: signedInOp({
    method: 'GET',
    path: '/users/:id',
    summary: "The caller's own account, or an approved firm's public profile",
    params: IdParams,
    replies: { 200: UserOrFirmReply, 401: ErrorReply, 404: ErrorReply },
  }),
  pendingEmailChange: signedInOp({ method: 'GET', path: '/users/email-change', summary: 'The login-email change waiting for its code, if any', replies: { 200: PendingEmailChangeReply } }),
  startEmailChange: signedInOp({
    method: 'POST',
    path: '/users/email-change',
    summary: 'Start changing the login email: checks the password and mails a 6-digit code to the new address',
    body: EmailChangeBody,
    replies: { 200: EmailChangeReply, ...emailChangeErrors, ...bodyErrors },
  }),
  confirmEmailChange: signedInOp({
    method: 'POST',
    path: '/users/email-change/confirm',
    summary: 'Finish changing the login email with the mailed code: ends the other sessions and tells the old address',
    body: EmailChangeConfirmBody,
    replies: { 200: UserReply, ...emailChangeErrors, ...bodyErrors },
  }),
  // 413: a body past BODY_LIMITS.profile.
  updateProfile: firmOp({
    method: 'PUT',
    path: '/users/update-profile/:id',
    summary: 'Update the signed-in firm’s profile (own id only)',
    params: IdParams,
    body: UpdateProfileBody,
    replies: { 200: UserReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply },
  }),
  profileImage: signedInOp({
    method: 'POST',
    path: '/users/profile-image',
    summary: "Set the signed-in user's profile photo (the centred square unless x, y and size name the square to keep)",
    body: { multipart: ProfileImageParts },
    replies: { 200: UserReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
} as const;
