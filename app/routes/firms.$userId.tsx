import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { keepDataForDialogs, useDialogHref } from '~/components/dialog';
import { OwnerCard, OwnerDialogs, ownerName } from '~/components/owner-card';
import { PortfolioGrid } from '~/components/project-card';
import { getPublicPortfolio } from '~/models/projects.server';
import { requireUser } from '~/utils/auth.server';
import { guarded, loadOr, toCardProject, toOwner } from '~/utils/showcase.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${ownerName(data.owner)} — Archivista` : 'Firm — Archivista' },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [, { data }] = await guarded(
    requireUser(request),
    loadOr(getPublicPortfolio(request, params.userId!), {
      to: '/firms',
      message: 'Failed to load the portfolio',
    }),
  );
  return json({ owner: toOwner(data.userData), projects: data.projects.map(toCardProject) });
}

export const shouldRevalidate = keepDataForDialogs;

/** A firm's public portfolio: owner card with Contact and Team popups, and its projects. */
export default function FirmPortfolio() {
  const { owner, projects } = useLoaderData<typeof loader>();
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
      <OwnerDialogs owner={owner} />
    </div>
  );
}
