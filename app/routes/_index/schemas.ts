import { z } from 'zod/v4';
import { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from '../../../server/contract/users';

/** The four forms of the home page's authentication panel: the api's rules plus the form-only fields. */
export const LoginForm = LoginBody;
export const SignupForm = RegisterBody;
export const ForgotForm = ForgotPasswordBody;
export const ResetForm = ResetPasswordBody.extend({
  confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
}).refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export const AUTH_VIEWS = ['login', 'signup', 'forgot', 'reset'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseView(value: string | null | undefined): AuthView {
  return (AUTH_VIEWS as readonly string[]).includes(value ?? '') ? (value as AuthView) : 'login';
}
