import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { keepDataForDialogs, useDialogHref } from '~/components/dialog';
import { EnquiryForm } from '~/components/enquiry-form';
import { OwnerCard, OwnerDialogs, ownerName } from '~/components/owner-card';
import { ProjectBody, ProjectCarousel } from '~/components/project-detail';
import { getExploreProject } from '~/models/projects.server';
import { requireUser } from '~/utils/guards.server';
import { enquiryAction, enquiryLoaderData } from './enquiry.server';
import enquiryStyles from '~/styles/enquiry.css';
import { toDetailProject, toOwner } from '~/utils/showcase.server';
import { pageTitle } from '~/utils/product';
import { projectTypeLabel } from '../../../server/contract/vocabulary';
import { required, guarded } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? pageTitle(matches, `${data.project.projectName}`) : pageTitle(matches, 'Project') },
  { name: 'description', content: data?.project.description?.slice(0, 160) ?? '' },
];

export const links: LinksFunction = () => [...showcaseSheets, { rel: 'stylesheet', href: enquiryStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, { data }] = await guarded(
    requireUser(request),
    required(getExploreProject(request, params.id!), {
      to: '/explore',
      message: 'Failed to load project details',
      complete: (reply) => reply?.data?.projectData && reply.data.userData,
    }),
  );
  const owner = toOwner(data.userData);
  return json({
    project: toDetailProject(data.projectData),
    owner,
    ...(await enquiryLoaderData(request, user, owner.id)),
  });
}

/** The Contact popup's enquiry to the project's firm (the form names the firm; the api checks the project is the firm's). */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return enquiryAction(request, null);
}

export const shouldRevalidate = keepDataForDialogs;

export default function ProjectPage() {
  const { project, owner, honeypot, visitor, formToken } = useLoaderData<typeof loader>();
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
          <ProjectBody project={project} />
        </article>
      </div>
      <ProjectCarousel project={project} />
      <OwnerDialogs
        owner={owner}
        enquiry={<EnquiryForm firmId={owner.id} projectId={project.id} defaults={visitor} honeypot={honeypot} formToken={formToken} lastResult={actionData && 'result' in actionData ? actionData.result : null} />}
      />
    </div>
  );
}
