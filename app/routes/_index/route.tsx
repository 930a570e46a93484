import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { HoneypotProvider } from '~/components/honeypot';
import { SocialSignIn } from '~/components/social-sign-in';
import { Toast } from '~/components/toast';
import { requireAnonymous } from '~/utils/guards.server';
import { honeypotInputProps } from '~/utils/honeypot.server';
import { handleAuthAction } from './actions.server';
import { AuthPanel, useAuthView, ViewLink } from './auth-panel';
import { parseView } from './views';
import { productNameOf } from '~/utils/product';
import { showcaseSheets } from '~/styles/sheets';

export const links: LinksFunction = () => showcaseSheets;

export const meta: MetaFunction = ({ matches }) => [
  { title: `${productNameOf(matches)} — showcase your work, run your studio` },
  { name: 'description', content: 'Portfolios and a private workspace for architecture and interior-design firms.' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request, new URL(request.url).searchParams.get('redirectTo'));
  const url = new URL(request.url);
  return json({
    view: parseView(url.searchParams.get('view')),
    email: url.searchParams.get('email') ?? '',
    honeypot: honeypotInputProps(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return handleAuthAction(request);
}

const FEATURES = [
  { title: 'Project files', text: 'Every drawing, render and contract in folders per project, previewed in the browser.' },
  { title: 'Schedules', text: 'Room-by-room schedules with a summary and financial editor that exports to PDF.' },
  { title: 'Task board', text: 'Give tasks to your team, review their work, approve or send it back.' },
  { title: 'Calendar', text: 'Site visits, client meetings and deadlines for the whole studio in one place.' },
  { title: 'Demand and leads', text: 'Clients looking for an architect or a designer reach you through your demand box.' },
];

export default function Home() {
  const { view: urlView, email, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // After a submission the panel shows the submitted form's view, with its errors.
  const { view, switchTo, panel } = useAuthView(actionData?.intent ? parseView(actionData.intent) : urlView);
  return (
    <HoneypotProvider {...honeypotProps}>
      <div className="home">
        <section className="hero">
          <div className="hero-text">
            <p className="eyebrow">For architecture and interior-design firms</p>
            <h1>Show your work to the world. Run your studio in one place.</h1>
            <p className="lead">
              Publish a portfolio the public can explore, and keep projects, schedules, files and your team in a private
              workspace.
            </p>
            <ul className="hero-points">
              <li>A public portfolio and a place in the firm directory</li>
              <li>Projects, files, schedules and tasks shared with your team</li>
              <li>Only verified firms are shown to the public</li>
            </ul>
            {/* Logged-in visitors never see this page (they are sent to /explore), so Explore leads to the login form. */}
            <ViewLink view="login" onSwitch={switchTo} className="button button-primary button-large">
              Explore
            </ViewLink>
          </div>
          <AuthPanel view={view} onSwitch={switchTo} panelRef={panel} actionData={actionData} email={email} social={<SocialSignIn />} />
        </section>
        <section className="features" aria-labelledby="features-title">
          <h2 id="features-title">Your private workspace</h2>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="feature">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <Toast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
      </div>
    </HoneypotProvider>
  );
}
