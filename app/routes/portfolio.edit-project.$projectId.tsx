import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Dialog, keepDataForDialogs, useDialogHref, useOpenDialog } from '~/components/dialog';
import { ProjectBody, ProjectCarousel } from '~/components/project-detail';
import { Toast } from '~/components/toast';
import { deletePublicProject, getPublicProject } from '~/models/projects.server';
import { dispatchIntent } from '~/utils/intent.server';
import { requirePortfolioOwner, requireUser } from '~/utils/guards.server';
import { readFormData } from '~/utils/form-data.server';
import { toDetailProject } from '~/utils/showcase.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { pageTitle, productNameOf } from '~/utils/product';
import { attempt, required, guarded } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const links: LinksFunction = () => showcaseSheets;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data ? pageTitle(matches, `${data.project.projectName}`) : pageTitle(matches, 'Project') }, { name: 'description', content: data ? `${data.project.projectName}: pictures, place and team of the project.` : `A project on ${productNameOf(matches)}.` }];

/** A read-only project detail with image preview; its owner also gets Edit and Delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, { projectData: p, userData }] = await guarded(
    requireUser(request),
    required(getPublicProject(request, params.projectId!), {
      to: '/portfolio',
      message: 'Failed to load project details',
      complete: (reply) => reply?.projectData && reply.userData,
    }),
  );
  return json({
    project: toDetailProject(p),
    owner: { id: userData.id, name: userData.firmName || userData.userName },
    isOwner: userData.id === user.id,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePortfolioOwner(request);
  return dispatchIntent(await readFormData(request), {
    delete: async () => {
      const sent = await attempt(deletePublicProject(request, params.projectId!));
      if (sent.ok) return redirectWithSuccess('/portfolio', sent.reply.message);
      // Spec, error catalogue: a refused delete shows the server's message; a server failure (the api's 5xx, as 502, not the web's 500) says what did not happen.
      const failed = sent.error.status >= 500;
      return json({ toast: { type: 'error' as const, message: failed ? 'Failed to delete project' : sent.error.message } }, { status: failed ? 502 : sent.error.status });
    },
  });
}

export const shouldRevalidate = keepDataForDialogs;

export default function EditProject() {
  const { project, owner, isOwner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialog = useOpenDialog();
  const href = useDialogHref();
  const navigation = useNavigation();
  const closeTo = href(null);
  return (
    <div className="container project-page project-page-single">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        {isOwner ? <Link to="/portfolio">Portfolio</Link> : <Link to={`/firms/${owner.id}`}>{owner.name}</Link>}
        <span aria-hidden="true">/</span>
        <span>{project.projectName}</span>
      </nav>
      <article className="project-main">
        <header className="project-head project-head-actions">
          <div>
            <h1>{project.projectName}</h1>
            {isOwner ? null : <p className="muted">by {owner.name}</p>}
          </div>
          {isOwner ? (
            <div className="head-actions">
              <Link to={`/portfolio/add-project/${project.id}`} className="button button-secondary" data-testid="edit-project">
                Edit
              </Link>
              <Link to={href('delete')} preventScrollReset className="button button-danger-ghost" data-testid="delete-project">
                Delete
              </Link>
            </div>
          ) : null}
        </header>
        <ProjectBody project={project} />
      </article>
      <ProjectCarousel project={project} />
      {dialog === 'delete' && isOwner ? (
        <Dialog title="Delete project" closeTo={closeTo} size="small" testId="delete-dialog">
          <p>
            Are you sure you want to delete <strong>{project.projectName}</strong>? Its images are deleted too. This cannot be undone.
          </p>
          <Form method="post" className="form-actions">
            <Link to={closeTo} replace preventScrollReset className="button button-ghost">
              Cancel
            </Link>
            <button type="submit" name="intent" value="delete" className="button button-danger" disabled={navigation.state === 'submitting'} data-testid="confirm-delete">
              {navigation.state === 'submitting' ? 'Deleting…' : 'Delete'}
            </button>
          </Form>
        </Dialog>
      ) : null}
      <Toast toast={actionData?.toast} />
    </div>
  );
}
