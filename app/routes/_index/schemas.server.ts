import { z } from 'zod/v4';
import { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from '../../../server/contract/users';

/** The four forms of the home page's authentication panel: the api's rules plus the form-only fields (for the action; the page's script imports only their types). */
export const LoginForm = LoginBody;
export const SignupForm = RegisterBody;
export const ForgotForm = ForgotPasswordBody;
export const ResetForm = ResetPasswordBody.extend({
  confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
}).refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
