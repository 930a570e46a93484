import type { ActionFunctionArgs, HeadersFunction, LinksFunction, MetaFunction } from '@remix-run/node';
import { Form, useNavigation } from '@remix-run/react';
import { UnusableLink } from '~/components/unusable-link';
import { confirmAddress } from '~/models/users.server';
import { required } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { adminLoginSheets } from '~/styles/sheets';

export const links: LinksFunction = () => adminLoginSheets;

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' };
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = () => [
  { title: 'Confirm your email address — Archivista' },
  { name: 'description', content: 'Confirm the email address of your Archivista account, so firms always receive your enquiries.' },
  // A private page reached by its link: never indexed, its address never sent to another site.
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * The sign-up mail's link (docs/decisions/340): one button, a plain form. Opening the page changes
 * nothing (mail scanners open links); the post proves the address, and a used or unknown link says so.
 */
export async function loader() {
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  return dispatchIntent(await readFormData(request), {
    confirm: async () => redirectWithSuccess('/', (await required(confirmAddress(request, token))).message),
  });
}

export default function ConfirmAddress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="admin-login">
      <div className="admin-login-card" data-testid="confirm-address">
        <h1>Confirm your email address</h1>
        <p>Confirm that the address this link was mailed to is yours. Firms then always receive your enquiries, even when many arrive at once.</p>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="confirm" />
          <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="confirm-address-yes">
            Confirm my email address
          </button>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <UnusableLink testId="confirm-address-error" home={{ to: '/', label: 'Go to the home page' }} />;
}
