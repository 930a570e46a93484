import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import type { z } from 'zod/v4';
import { EmailField, PasswordField } from '~/components/credential-fields';
import { FormErrors } from '~/components/field';
import { adminLogin } from '~/models/admin.server';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { attempt } from '~/utils/form-action.server';
import { ADMIN_HOME_PATH, commitAdminSession, getAdminSession } from '~/utils/admin-session.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { AdminLoginBody, NO_TOKEN_MESSAGE } from '../../server/contract/admin';
import { pageTitle, productNameOf, useProductName } from '~/utils/product';
import { adminLoginSheets } from '~/styles/sheets';

export const links: LinksFunction = () => adminLoginSheets;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Admin log in') }, { name: 'description', content: `Sign in to verify the firms registered on ${productNameOf(matches)}.` }];

/** Screen 16: the super-admin's email and password form. An admin already signed in goes to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getAdminSession(request);
  if (session.get('token')) throw redirect(ADMIN_HOME_PATH);
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: AdminLoginBody });
  const hideFields = ['password'];
  if (submission.status !== 'success') return formFailure(submission, { hideFields });
  const sent = await attempt(adminLogin(request, submission.value));
  if (!sent.ok) {
    const { error } = sent;
    // The sign-in never tells which of the two was wrong; a server failure is the api's 5xx as 502.
    const refused = error.status === 401 ? new ApiError(401, 'Invalid email or password') : new ApiError(error.status, error.message);
    return formFailure(submission, { error: refused, hideFields, status: error.status < 500 ? error.status : 502 });
  }
  if (!sent.reply?.token) return formFailure(submission, { formErrors: [NO_TOKEN_MESSAGE], hideFields, status: 502 });
  const cookie = await commitAdminSession(request, sent.reply.token, submission.value.email);
  return redirectWithSuccess(ADMIN_HOME_PATH, 'Welcome back', { headers: { 'Set-Cookie': cookie } });
}

export default function AdminLogin() {
  const productName = useProductName();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<z.input<typeof AdminLoginBody>>({
    id: 'admin-login',
    lastResult: actionData?.result,
    // The server validates, on submit only: revalidating on input would post the form on each keystroke.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="admin-login">
      <div className="admin-login-card">
        <div className="admin-login-brand">
          <span className="logo-mark" aria-hidden="true">
            A
          </span>
          <span>
            {productName} <small>Administration</small>
          </span>
        </div>
        <Form method="post" {...getFormProps(form)}>
          <h1>Admin log in</h1>
          <p className="muted">For the platform administrator: verify firm registrations.</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <EmailField meta={fields.email} autoComplete="username" />
          <PasswordField meta={fields.password} autoComplete="current-password" />
          <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Please wait…' : 'Log in'}
          </button>
        </Form>
        <p className="admin-login-back">
          <Link to="/" className="link">
            ← Back to {productName}
          </Link>
        </p>
      </div>
    </div>
  );
}
