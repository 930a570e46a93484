import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { keepDataForDialogs, useDialogHref } from '~/components/dialog';
import { EnquiryForm } from '~/components/enquiry-form';
import { OwnerCard, OwnerDialogs, ownerName } from '~/components/owner-card';
import { PortfolioGrid } from '~/components/project-card';
import { getPublicPortfolio } from '~/models/projects.server';
import { requireUser } from '~/utils/guards.server';
import { enquiryAction, enquiryLoaderData } from '~/routes/explore.$id/enquiry.server';
import enquiryStyles from '~/styles/enquiry.css';
import { toCardProject, toOwner } from '~/utils/showcase.server';
import { pageTitle, productNameOf } from '~/utils/product';
import { required, guarded } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? pageTitle(matches, `${ownerName(data.owner)}`) : pageTitle(matches, 'Firm') },
  { name: 'description', content: data ? `The portfolio of ${ownerName(data.owner)}: projects, team and contact.` : `A firm on ${productNameOf(matches)}.` },
];

export const links: LinksFunction = () => [...showcaseSheets, { rel: 'stylesheet', href: enquiryStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, { data }] = await guarded(
    requireUser(request),
    required(getPublicPortfolio(request, params.userId!), {
      to: '/firms',
      message: 'Failed to load the portfolio',
      complete: (reply) => reply?.data?.userData && reply.data.projects,
    }),
  );
  return json({ owner: toOwner(data.userData), projects: data.projects.map(toCardProject), ...(await enquiryLoaderData(request, user, params.userId!)) });
}

/** The Contact popup's enquiry to this firm. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  return enquiryAction(request, params.userId!);
}

export const shouldRevalidate = keepDataForDialogs;

/** A firm's public portfolio: owner card with Contact and Team popups, and its projects. */
export default function FirmPortfolio() {
  const { owner, projects, honeypot, visitor, formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useDialogHref();
  return (
    <div className="container portfolio-page">
      <div className="portfolio-layout">
        <OwnerCard owner={owner} contactHref={href('contact')} teamHref={href('team')} />
        <section className="portfolio-main" aria-labelledby="portfolio-projects">
          <header className="section-head">
            <h1 id="portfolio-projects">Projects</h1>
          </header>
          <PortfolioGrid projects={projects} empty={<p className="empty-state">This firm has no public projects yet.</p>} />
        </section>
      </div>
      <OwnerDialogs
        owner={owner}
        enquiry={<EnquiryForm firmId={owner.id} defaults={visitor} honeypot={honeypot} formToken={formToken} lastResult={actionData && 'result' in actionData ? actionData.result : null} />}
      />
    </div>
  );
}
