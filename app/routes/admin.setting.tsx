import { getFormProps, useForm } from '@conform-to/react';
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod/v4';
import { AdminPage } from '~/components/admin-page';
import { PasswordField } from '~/components/credential-fields';
import { FormErrors } from '~/components/field';
import { changeAdminPassword } from '~/models/admin.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import { AdminPasswordBody } from '../../server/contract/admin-areas';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { submitForm } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Setting', 'admin') }, { name: 'description', content: "The super-admin's own password." }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

/** The form adds the confirmation the api does not need. */
const PasswordForm = AdminPasswordBody.extend({ confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password') }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

/** Setting: the signed-in admin changes its own password; its other sessions end. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { email } = await requireAdmin(request);
  return json({ email });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return submitForm(await readFormData(request), {
    schema: PasswordForm,
    failure: { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] },
    send: ({ currentPassword, newPassword }) => changeAdminPassword(request, { currentPassword, newPassword }),
    done: ({ message }) => redirectWithSuccess('/admin/setting', message),
  });
}

export default function AdminSetting() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<z.input<typeof PasswordForm>>({ id: 'admin-password', lastResult: actionData?.result, shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' });
  return (
    <AdminPage title="Setting" description={`Signed in as ${email}.`}>
      <section className="admin-panel admin-form-panel admin-narrow" aria-labelledby="password-title">
        <h2 id="password-title">Change your password</h2>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <PasswordField meta={fields.currentPassword} label="Current password" autoComplete="current-password" />
          <PasswordField meta={fields.newPassword} label="New password" autoComplete="new-password" hint="At least 8 characters." />
          <PasswordField meta={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
          <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="change-password">
            {busy ? 'Saving…' : 'Change password'}
          </button>
        </Form>
        <p className="muted admin-fine">Your other admin sessions end when the password changes; this one stays signed in.</p>
      </section>
      <section className="admin-panel admin-form-panel admin-narrow" aria-labelledby="platform-billing-title">
        <h2 id="platform-billing-title">Billing profile</h2>
        <p className="muted">The platform&apos;s legal name, GSTIN, bank account and UPI ID: what the subscription invoices to firms print.</p>
        <Link to="/admin/setting/billing" className="button button-secondary" data-testid="platform-billing-link">
          Edit the billing profile
        </Link>
      </section>
    </AdminPage>
  );
}
