import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { PasswordCard } from '~/components/account/password-card';
import { SessionsCard } from '~/components/account/sessions-card';
import { Toast } from '~/components/toast';
import { listSessions } from '~/models/sessions.server';
import { accountIntentHandlers } from '~/utils/account-intents.server';
import { guarded, required } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { requireUser } from '~/utils/guards.server';
import { dispatchIntent } from '~/utils/intent.server';
import { pageTitle } from '~/utils/product';
import { chatBookSheets } from '~/styles/sheets';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Setting') }, { name: 'description', content: 'Your password and the devices your account is signed in on.' }, { name: 'robots', content: 'noindex' }];
export const links: LinksFunction = () => chatBookSheets;

const SETTING_PATH = '/setting';

/**
 * An explorer's Setting (decision 332): the password and the signed-in devices, the same cards as
 * the workspace's Setting, which is where a firm and its employees find them (they are sent there).
 */
async function requireExplorer(request: Request) {
  const user = await requireUser(request);
  if (user.role !== 'explorer') throw redirect('/workspace/setting');
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, sessions] = await guarded(requireExplorer(request), required(listSessions(request)));
  return json({ hasPassword: user.HasPassword, sessions: sessions.data.sessions });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireExplorer(request);
  const form = await readFormData(request);
  return dispatchIntent(form, accountIntentHandlers(request, form, SETTING_PATH));
}

export default function ExplorerSetting() {
  const { hasPassword, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  return (
    <div className="container">
      <header className="page-head">
        <div>
          <h1>Setting</h1>
          <p className="muted">Your password and the devices you are signed in on.</p>
        </div>
      </header>
      <div className="cb-settings">
        <PasswordCard hasPassword={hasPassword} lastResult={failed?.intent === 'password' ? failed.result : undefined} />
        <SessionsCard sessions={sessions} />
      </div>
      <Toast toast={failed?.toast} />
    </div>
  );
}
