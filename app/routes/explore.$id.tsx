import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { Carousel } from '~/components/carousel';
import { keepDataForDialogs, useDialogHref, useOpenDialog } from '~/components/dialog';
import { ContactDialog, OwnerCard, ownerName, TeamDialog } from '~/components/owner-card';
import { ProjectFacts, ProjectImageGrid, ProjectTeam } from '~/components/project-detail';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { guarded, loadOr, toOwner } from '~/utils/showcase.server';
import type { ExploreDetailReply } from '../../server/contract/projects';
import { projectTypeLabel } from '../../server/contract/vocabulary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.project.projectName} — Archivista` : 'Project — Archivista' },
  { name: 'description', content: data?.project.description?.slice(0, 160) ?? '' },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [, { data }] = await guarded(
    requireUser(request),
    loadOr(api<ExploreDetailReply>(request, `/projects/explore/${encodeURIComponent(params.id!)}`), {
      to: '/explore',
      message: 'Failed to load project details',
    }),
  );
  const { projectData: p, userData } = data;
  return json({
    project: {
      id: p.id,
      projectName: p.projectName,
      projectType: p.projectType,
      area: p.area,
      year: p.year,
      city: p.city,
      state: p.state,
      country: p.country,
      projectLocation: p.projectLocation,
      description: p.description,
      architecture: p.architecture,
      teams: p.teams,
      images: p.images.map(({ w480, w960, w1600, width, height }) => ({ w480, w960, w1600, width, height })),
    },
    owner: toOwner(userData),
  });
}

export const shouldRevalidate = keepDataForDialogs;

export default function ProjectPage() {
  const { project, owner } = useLoaderData<typeof loader>();
  const dialog = useOpenDialog();
  const href = useDialogHref();
  const { search } = useLocation();
  const imageIndex = Number(new URLSearchParams(search).get('image') ?? 0) || 0;
  const closeTo = href(null);
  return (
    <div className="container project-page">
      <div className="project-layout">
        <OwnerCard owner={owner} contactHref={href('contact')} teamHref={href('team')} portfolioHref={`/firms/${owner.id}`} />
        <article className="project-main">
          <header className="project-head">
            <h1>{project.projectName}</h1>
            <p className="project-subtitle">
              {projectTypeLabel(project.projectType)} · by <Link to={`/firms/${owner.id}`}>{ownerName(owner)}</Link>
            </p>
          </header>
          <ProjectImageGrid images={project.images} title={project.projectName} hrefFor={(i) => href('carousel', { image: i })} />
          <ProjectFacts project={project} />
          {project.description ? (
            <section className="project-section">
              <h2>Description</h2>
              <p className="project-description">{project.description}</p>
            </section>
          ) : null}
          <ProjectTeam project={project} />
        </article>
      </div>
      {dialog === 'carousel' && project.images.length ? (
        <Carousel images={project.images} index={imageIndex} hrefFor={(i) => href('carousel', { image: i })} closeTo={closeTo} title={project.projectName} />
      ) : null}
      {dialog === 'contact' ? <ContactDialog owner={owner} closeTo={closeTo} /> : null}
      {dialog === 'team' ? <TeamDialog owner={owner} closeTo={closeTo} /> : null}
    </div>
  );
}
