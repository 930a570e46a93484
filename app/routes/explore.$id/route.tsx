import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { keepDataForDialogs, useDialogHref } from '~/components/dialog';
import { EnquiryForm } from '~/components/enquiry-form';
import { OwnerCard, OwnerDialogs, ownerName } from '~/components/owner-card';
import { ProjectBody, ProjectCarousel } from '~/components/project-detail';
import { getExploreProject } from '~/models/projects.server';
import { optionalSessionUser } from '~/utils/guards.server';
import { SignInToEnquire } from '~/components/sign-in-to-enquire';
import { ShareLinks } from '~/components/share-links';
import { enquiryAction, enquiryLoaderData } from './enquiry.server';
import enquiryStyles from '~/styles/enquiry.css';
import { forVisitor, toDetailProject, toOwner } from '~/utils/showcase.server';
import { pageTitle } from '~/utils/product';
import { breadcrumbs, placeLine, projectJsonLd, publicMeta, publicOrigin, shortDescription } from '~/utils/seo';
import { projectTypeLabel } from '../../../server/contract/vocabulary';
import { required, guarded } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';
import { showcaseHeaders, showcasePageHeaders } from '~/utils/public-cache.server';


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, 'Project') }, { name: 'description', content: 'A project on the showcase.' }];
  const { project, owner } = data;
  const origin = publicOrigin(matches);
  const firm = ownerName(owner);
  const place = placeLine(project.city, project.state, project.country);
  const lead = `${projectTypeLabel(project.projectType)} by ${firm}${place ? ` in ${place}` : ''}${project.year ? `, ${project.year}` : ''}.`;
  return publicMeta(matches, {
    path: `/explore/${project.id}`,
    title: `${project.projectName} by ${firm}`,
    description: shortDescription(project.description ? `${lead} ${project.description}` : lead, lead),
    image: project.images[0]?.w1600,
    imageAlt: project.projectName,
    type: 'article',
    jsonLd: [
      projectJsonLd(origin, project, { id: owner.id, name: firm }),
      breadcrumbs(origin, [
        ['Explore', '/explore'],
        [firm, `/firms/${owner.id}`],
        [project.projectName, `/explore/${project.id}`],
      ]),
    ],
  });
};

/** Shared-cacheable for visitors (docs/decisions/388). */
export const headers = showcasePageHeaders;

export const links: LinksFunction = () => [...showcaseSheets, { rel: 'stylesheet', href: enquiryStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, { data }] = await guarded(
    optionalSessionUser(request),
    required(getExploreProject(request, params.id!), {
      to: '/explore',
      message: 'Failed to load project details',
      complete: (reply) => reply?.data?.projectData && reply.data.userData,
    }),
  );
  const full = toOwner(data.userData);
  const owner = user ? full : forVisitor(full);
  return json({
    project: toDetailProject(data.projectData),
    owner,
    ...(await enquiryLoaderData(request, user, owner.id)),
  }, { headers: await showcaseHeaders(request) });
}

/** The Contact popup's enquiry to the project's firm (the form names the firm; the api checks the project is the firm's). */
export async function action({ request }: ActionFunctionArgs) {
  return enquiryAction(request, null);
}

export const shouldRevalidate = keepDataForDialogs;

export default function ProjectPage() {
  const { project, owner, honeypot, visitor, formToken, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useDialogHref();
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
          <ShareLinks path={`/explore/${project.id}`} title={`${project.projectName} by ${ownerName(owner)}`} />
          <ProjectBody project={project} />
        </article>
      </div>
      <ProjectCarousel project={project} />
      <OwnerDialogs
        owner={owner}
        contact={contact}
        enquiry={
          visitor && honeypot ? (
            <EnquiryForm firmId={owner.id} projectId={project.id} defaults={visitor} honeypot={honeypot} formToken={formToken} lastResult={actionData && 'result' in actionData ? actionData.result : null} />
          ) : (
            <SignInToEnquire />
          )
        }
      />
    </div>
  );
}
