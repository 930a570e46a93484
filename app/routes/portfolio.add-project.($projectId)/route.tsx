import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { StoredImage } from '~/components/image-upload';
import { Toast } from '~/components/toast';
import { getPublicProject } from '~/models/projects.server';
import { requirePortfolioOwner } from '~/utils/guards.server';
import { placeOptions } from '~/utils/places.server';
import { saveProject } from './actions.server';
import { ProjectForm, type ProjectDefaults } from './project-form';
import { pageTitle } from '~/utils/product';
import { required } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const links: LinksFunction = () => showcaseSheets;

/**
 * /portfolio/add-project creates a public project; /portfolio/add-project/{project_id} edits one
 * (the optional segment serves both routes of the spec's route map with one form).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.projectId ? pageTitle(matches, 'Edit project') : pageTitle(matches, 'Add project') },
  { name: 'description', content: 'Add or edit a public project of your portfolio: details, place, team and pictures.' },
];

const EMPTY: ProjectDefaults = {
  projectName: '',
  projectType: '',
  area: '',
  year: '',
  country: '',
  state: '',
  city: '',
  description: '',
  architecture: [],
  teams: [],
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePortfolioOwner(request);
  const projectId = params.projectId ?? null;
  if (!projectId) return json({ projectId, defaults: EMPTY, version: undefined as number | undefined, images: [] as StoredImage[], options: placeOptions() });
  const { projectData: p } = await required(getPublicProject(request, projectId), {
    to: '/portfolio',
    message: 'Failed to load project details',
    complete: (reply) => reply?.projectData,
  });
  // Only the owner edits (the api refuses the save anyway).
  if (p.userId !== user.id) throw json({ message: 'Not found' }, { status: 404 });
  const defaults: ProjectDefaults = {
    projectName: p.projectName,
    projectType: p.projectType,
    area: p.area === null ? '' : String(p.area),
    year: p.year === null ? '' : String(p.year),
    country: p.country ?? '',
    state: p.state ?? '',
    city: p.city ?? '',
    description: p.description ?? '',
    architecture: p.architecture,
    teams: p.teams,
  };
  return json({ projectId, defaults, version: p.version as number | undefined, images: p.images.map((i) => ({ id: i.id, thumb: i.w480 })), options: placeOptions(p.country, p.state) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePortfolioOwner(request);
  return saveProject(request, params.projectId);
}

/** A post that came back with errors keeps the form as it is (the project was not changed). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  formMethod && formMethod !== 'GET' && actionResult !== undefined ? false : defaultShouldRevalidate;

export default function AddProject() {
  const { projectId, defaults, version, images, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const editing = projectId !== null;
  const cancelTo = editing ? `/portfolio/edit-project/${projectId}` : '/portfolio';
  return (
    <div className="container form-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/portfolio">Portfolio</Link>
        <span aria-hidden="true">/</span>
        <span>{editing ? 'Edit project' : 'Add project'}</span>
      </nav>
      <header className="page-head">
        <div>
          <h1>{editing ? `Edit ${defaults.projectName}` : 'Add a project'}</h1>
          <p className="muted">Published projects appear in your portfolio, in Explore and in search once your firm is approved.</p>
        </div>
      </header>
      <ProjectForm
        key={projectId ?? 'new'}
        defaults={defaults}
        lastResult={actionData?.result}
        // With JavaScript the selects keep their own lists; the action's are for the page it renders without.
        options={!hydrated && actionData?.options ? actionData.options : options}
        images={actionData?.images ?? images}
        imagesKey={actionData}
        editing={editing}
        cancelTo={cancelTo}
        version={version}
        actionData={actionData && 'stale' in actionData ? actionData : undefined}
      />
      <Toast toast={actionData?.toast} />
    </div>
  );
}
