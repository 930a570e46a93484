import { z } from 'zod/v4';
import { LOGIN_TYPES, ROLES, SIGNUP_ROLES } from './vocabulary.js';

/** Field rules and messages of the spec (showcase-and-accounts.md section 5), written once for api and web. */

// abort: a blank value is said to be required once, not also malformed.
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const email = (requiredMessage = 'Email is required') =>
  required(requiredMessage).max(254, 'Email is too long').email('Invalid email format').transform((v) => v.toLowerCase());

/**
 * An email that may be cleared: empty or null clears it (null), absent leaves it as it is
 * (undefined), so a client that does not know the field never erases it.
 */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, 'Email is too long')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null))
    .refine((v) => !v || z.email().safeParse(v).success, 'Invalid email format');

export const newPassword = (requiredMessage = 'Password is required') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(6, 'Password must be at least 6 characters long')
    .max(128, 'Password must be at most 128 characters long');

export const RegisterBody = z.object({
  userName: required('UserName is required').max(80, 'UserName must be at most 80 characters'),
  role: z.enum(SIGNUP_ROLES, { error: 'Choose a role' }).default('explorer'),
  email: email(),
  password: newPassword(),
  loginType: z.literal('normal', { error: 'loginType must be normal' }).default('normal'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
export type RegisterInput = z.input<typeof RegisterBody>;

export const LoginBody = z.object({
  email: required('Email is required').max(254, 'Email is too long').transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ForgotPasswordBody = z.object({ email: email() });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const OTP_MESSAGE = 'OTP must be a 4-6 digit number';
export const otp = z.string({ error: 'OTP is required' }).trim().min(1, 'OTP is required').regex(/^\d{4,6}$/, OTP_MESSAGE);

export const ResetPasswordBody = z.object({
  email: email(),
  otp,
  newPassword: newPassword('New password is required'),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const Team = z.object({ name: z.string(), role: z.string(), profileImage: z.string().nullable().optional() });

export const User = z.object({
  id: z.string(),
  userName: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  loginType: z.enum(LOGIN_TYPES),
  firmName: z.string().nullable(),
  firmType: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  contactNo: z.string().nullable(),
  /** The public contact email a firm gives (registration, profile); `email` is the login. */
  businessEmail: z.string().nullable(),
  website: z.string().nullable(),
  userDetails: z.string().nullable(),
  profileImage: z.string().nullable(),
  teams: z.array(Team),
  projectCount: z.number().int(),
  HasPassword: z.boolean(),
  isVerify: z.number().int(),
  isSuperAdmin: z.boolean(),
  /** An employee's standing in its firm (DESIGN.md section 9): sub-admin or not. */
  isSubAdmin: z.boolean().optional(),
  /** The firm an employee works for (its workspace's sidebar shows it); null for any other account. */
  employer: z.object({ id: z.string(), name: z.string(), profileImage: z.string().nullable(), timeZone: z.string().optional() }).nullable().optional(),
  /** The time zone of the account's firm (its own for a firm; decision 265): every date it is shown. */
  timeZone: z.string().optional(),
});
export type User = z.infer<typeof User>;

/**
 * A firm as the public sees it: a portfolio's or a project page's owner. The account, without its
 * login email, sign-in kind or standing flags (docs/decisions/191). The contact a visitor gets is
 * the business email and number.
 */
export const PublicFirm = User.omit({ email: true, loginType: true, HasPassword: true, isSuperAdmin: true, isSubAdmin: true, employer: true, timeZone: true });
export type PublicFirm = z.infer<typeof PublicFirm>;

export const UserReply = z.object({ data: User });
export type UserReply = z.infer<typeof UserReply>;
/**
 * GET /api/users/{id}: the caller's own account in full, any other (an approved firm) in its public
 * shape only, without its login email or sign-in fields (decisions 191, 210).
 */
export const UserOrFirmReply = z.object({ data: z.union([User, PublicFirm]) });
export type UserOrFirmReply = z.infer<typeof UserOrFirmReply>;
export const LoginReply = z.object({ data: User, token: z.string() });
export type LoginReply = z.infer<typeof LoginReply>;
export const RegisterReply = z.object({ userData: User, token: z.string() });
export type RegisterReply = z.infer<typeof RegisterReply>;
