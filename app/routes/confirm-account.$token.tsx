import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { UnusableLink } from '~/components/unusable-link';
import { answerConfirmation, getPendingAccount } from '~/models/employees.server';
import { required } from '~/utils/form-action.server';
import { formatDay } from '../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { adminLoginSheets } from '~/styles/sheets';

export const links: LinksFunction = () => adminLoginSheets;

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction = () => [
  { title: 'Confirm your account — Archivista' },
  { name: 'description', content: 'Confirm the workspace account a firm created for your email address, or tell us it was not you.' },
  // A private page reached by its link: never indexed, its address never sent to another site.
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * The welcome mail's link (docs/decisions/236): who added this address, and its
 * two answers as plain forms (no JavaScript needed). Opening the page changes nothing; Confirm
 * lets the account sign in, This was not me removes it. A used or lapsed link says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { data } = await required(getPendingAccount(request, params.token ?? ''));
  return json(data, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const answer = (kind: 'confirm' | 'not-me') => async () => redirectWithSuccess('/', (await required(answerConfirmation(request, token, kind))).message);
  return dispatchIntent(await readFormData(request), { confirm: answer('confirm'), 'not-me': answer('not-me') });
}

export default function ConfirmAccount() {
  const account = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="admin-login">
      <div className="admin-login-card" data-testid="confirm-account">
        <h1>Confirm your account</h1>
        <p>
          <strong>{account.firmName}</strong> created a workspace account for <strong>{account.email}</strong> ({account.userName}).
        </p>
        <p className="muted">If this is you, confirm it, then sign in with this email and the password the firm gave you. Unconfirmed, it lapses on {formatDay(account.lapsesAt)}.</p>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="confirm" />
          <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="confirm-account-yes">
            Confirm my account
          </button>
        </Form>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="not-me" />
          <p className="muted">Not you? The account is removed, your address is free again, and the firm is told.</p>
          <button type="submit" className="button button-secondary button-block" disabled={busy} data-testid="confirm-account-not-me">
            This was not me
          </button>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <UnusableLink testId="confirm-account-error" home={{ to: '/', label: 'Go to the sign-in page' }} />;
}
