import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import type { z } from 'zod/v4';
import { AdminPage, AdminTable } from '~/components/admin-page';
import { EmailField, PasswordField } from '~/components/credential-fields';
import { Field, FormErrors } from '~/components/field';
import { HiddenFields } from '~/components/hidden-fields';
import { createSubAdmin, getAdmins, revokeSubAdmin } from '~/models/admin.server';
import { formatDay } from '../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import { CreateSubAdminBody, OWNERS_ONLY } from '../../server/contract/admin-areas';
import { isId } from '../../server/contract/http-rules';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { submitForm, redirectAfter, serverFailed, required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Sub admins', 'admin') }, { name: 'description', content: 'The platform administrators: create and revoke sub-admins.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

const HERE = '/admin/sub-admins';

/**
 * Sub admins (docs/decisions/127): the platform's administrators. An owner (made
 * with `npm run admin:create`) creates sub-admins with a password and revokes them; a revoked
 * sub-admin is signed out at once. Sub-admins see the list only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const reply = await required(getAdmins(request));
  return json(reply.data);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return dispatchIntent(await readFormData(request), {
    create: async (form) => {
      return submitForm(form, {
        schema: CreateSubAdminBody,
        intent: 'create',
        failure: { hideFields: ['password'] },
        send: (value) => createSubAdmin(request, value),
        done: ({ message }) => redirectWithSuccess(HERE, message),
      });
    },
    revoke: async (form) => {
      const id = String(form.get('id') ?? '');
      if (!isId(id)) return redirectWithError(HERE, 'That request was not right. Reload the list and try again.');
      return redirectAfter(revokeSubAdmin(request, id), HERE, (reply) => reply.message, { errorPage: serverFailed });
    },
  });
}

export default function SubAdmins() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const revoking = data.canManage ? data.admins.find((a) => a.id === params.get('revoke') && a.level === 'sub') : undefined;
  const busy = navigation.state === 'submitting';

  return (
    <AdminPage title="Sub admins" description="The people who run the platform. Sub admins verify firms, moderate the showcase and manage subscriptions; only an owner adds or revokes them.">
      <div className="admin-two-columns">
        <section className="admin-panel" aria-labelledby="admins-title">
          <div className="admin-panel-head">
            <h2 id="admins-title">
              Administrators <span className="admin-count">{data.admins.length}</span>
            </h2>
          </div>
          {revoking ? (
            <div className="admin-confirm" role="alertdialog" aria-labelledby="revoke-title" data-testid="revoke-confirm">
              <p id="revoke-title">
                Revoke <strong>{revoking.email}</strong>? They are signed out at once and can no longer sign in.
              </p>
              <div className="admin-confirm-actions">
                <Form method="post" action={HERE}>
                  <HiddenFields values={{ intent: 'revoke', id: revoking.id }} />
                  <button type="submit" className="button button-danger" disabled={busy} data-testid="confirm-revoke">
                    Revoke
                  </button>
                </Form>
                <Link to={HERE} className="button button-ghost" preventScrollReset>
                  Cancel
                </Link>
              </div>
            </div>
          ) : null}
          <div className="admin-table-wrap">
            <AdminTable columns={['Name', 'Role', 'Since']}>
              {data.admins.map((admin) => (
                <tr key={admin.id} data-testid="admin-row">
                  <td data-label="Name">
                    <span className="admin-firm">
                      {admin.userName}
                      {admin.you ? <span className="admin-you"> (you)</span> : null}
                    </span>
                    <small>{admin.email}</small>
                  </td>
                  <td data-label="Role">
                    <span className={`admin-pill admin-pill-${admin.level === 'owner' ? 'paid' : 'trial'}`}>{admin.level === 'owner' ? 'Owner' : 'Sub admin'}</span>
                  </td>
                  <td data-label="Since" className="admin-nowrap">{formatDay(admin.createdAt)}</td>
                  <td className="admin-actions">
                    {data.canManage && admin.level === 'sub' ? (
                      <Link to={`${HERE}?revoke=${admin.id}`} className="button admin-button-reject" preventScrollReset data-testid="revoke">
                        Revoke
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        </section>

        <section className="admin-panel admin-form-panel" aria-labelledby="new-admin-title">
          <h2 id="new-admin-title">Add a sub admin</h2>
          {data.canManage ? (
            // A new admin in the list is a create that succeeded: the form starts again empty, without the
            // last attempt's messages or password; a refused create keeps its key and its values.
            <CreateSubAdminForm key={data.admins.map((admin) => admin.id).join(' ')} lastResult={actionData?.result} busy={busy} />
          ) : (
            <p className="muted">{OWNERS_ONLY}.</p>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

function CreateSubAdminForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useForm<z.input<typeof CreateSubAdminBody>>({
    id: 'create-sub-admin',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} action={HERE}>
      <input type="hidden" name="intent" value="create" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Name" meta={fields.name}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" maxLength={80} />
      </Field>
      <EmailField meta={fields.email} autoComplete="off" />
      <PasswordField meta={fields.password} autoComplete="new-password" hint="At least 8 characters. Share it with them privately." />
      <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="create-admin">
        {busy ? 'Creating…' : 'Create sub admin'}
      </button>
    </Form>
  );
}
