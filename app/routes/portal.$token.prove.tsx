import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { PortalError, PortalFrame } from '~/components/portal/frame';
import { portalPath, safeBack } from '~/components/portal/paths';
import { askPortalCode, getPortal, provePortal } from '~/models/portal.server';
import { attempt, firstDetail, required } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { keepProof } from '~/utils/client-proof.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import portalStyles from '~/styles/portal.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: portalStyles }];
export const meta: MetaFunction = () => [{ title: 'Confirm it is you' }, { name: 'description', content: 'A code by mail confirms it is you before you approve or tell the studio of a payment.' }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'same-origin' }];

/**
 * The client proves the contact's address (docs/decisions/391): a code is mailed there, typed here,
 * and the proof kept in this browser for 30 days; then back to the page that asked. Two plain forms.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const data = await required(getPortal(request, params.token ?? ''));
  return json({ firm: data.firm, client: data.client, proven: data.proven }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const formData = await readFormData(request);
  const back = safeBack(String(formData.get('back') ?? ''), token);
  const here = `${portalPath(token)}/prove?back=${encodeURIComponent(back)}`;
  return dispatchIntent(formData, {
    send: async (f) => {
      // By mail unless the client chose their mobile (offered only where SMS is set up, decision 430).
      const sent = await attempt(askPortalCode(request, token, f.get('channel') === 'sms' ? 'sms' : 'mail'));
      return sent.ok ? redirectWithSuccess(`${here}&sent=1`, sent.reply.message) : redirectWithError(here, firstDetail(sent.error));
    },
    verify: async (f) => {
      const proved = await attempt(provePortal(request, token, String(f.get('code') ?? '')));
      if (!proved.ok) return json({ error: firstDetail(proved.error) }, { status: proved.error.status === 429 ? 429 : 400 });
      const cookie = await keepProof(request, proved.reply.data.portalId, proved.reply.data.proof);
      return redirectWithSuccess(back, proved.reply.message, { headers: { 'Set-Cookie': cookie } });
    },
  });
}

export default function Prove() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [search] = useSearchParams();
  const back = search.get('back') ?? '';
  const busy = useNavigation().state === 'submitting';
  const error = failed && 'error' in failed ? failed.error : null;
  return (
    <PortalFrame firmName={data.firm.name}>
      <h1>Confirm it is you</h1>
      {data.proven ? <p className="portal-card">This device is confirmed already. You can go back and carry on.</p> : null}
      <div className="portal-card">
        <p>
          We send a 6-digit code to {data.client.maskedEmail}
          {data.client.maskedPhone ? <> or, if you prefer, by SMS to {data.client.maskedPhone}</> : null}. It is valid for 10 minutes.
        </p>
        <Form method="post" className="portal-actions">
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="send" className={`button ${search.get('sent') ? 'button-secondary' : 'button-primary'}`} disabled={busy}>
            {search.get('sent') ? 'Send a new code' : 'Send me a code'}
          </button>
        </Form>
        {data.client.maskedPhone ? (
          <Form method="post" className="portal-actions">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="channel" value="sms" />
            <button type="submit" name="intent" value="send" className="button button-secondary" disabled={busy}>
              Send it by SMS instead
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" className="portal-card portal-form" aria-labelledby="code-title">
        <h2 id="code-title">Enter the code</h2>
        <input type="hidden" name="back" value={back} />
        <label htmlFor="proof-code">{data.client.maskedPhone ? 'Code from the mail or SMS' : 'Code from the mail'}</label>
        <input id="proof-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required aria-invalid={error ? true : undefined} aria-describedby={error ? 'proof-error' : undefined} />
        {error ? (
          <p className="portal-errors" id="proof-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="verify" className="button button-primary" disabled={busy}>
          Confirm
        </button>
      </Form>
    </PortalFrame>
  );
}

export const ErrorBoundary = PortalError;
