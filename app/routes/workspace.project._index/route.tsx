import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { keepDataForDialogs } from '~/components/dialog';
import { ListPager } from '~/components/prev-next-pager';
import { Toast } from '~/components/toast';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { ListSearch } from '~/components/workspace/list-search';
import { PageHeader } from '~/components/workspace/page-header';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { projectsPage } from '~/models/workspace-projects.server';
import { allContacts } from '~/models/chat-book.server';
import { placeOptions } from '~/utils/places.server';
import { parsePage } from '~/utils/showcase.server';
import { redirectWithError } from '~/utils/toast.server';
import projectStyles from '~/styles/workspace-projects.css';
import { EMPTY_PROJECTS, noProjectsMatch, PROJECT_LIST, PROJECT_MESSAGES } from '../../../server/contract/workspace-projects-rules';
import { backToList, projectsAction } from './actions.server';
import { WorkspaceProjectCard } from './project-card';
import { ProjectForm } from './project-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, optional, guarded } from '~/utils/form-action.server';
import { projectCardSheets } from '~/styles/sheets';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Projects') }, { name: 'description', content: 'Your firm’s private workspace projects.' }];
export const links: LinksFunction = () => [...projectCardSheets, { rel: 'stylesheet', href: projectStyles }];

/**
 * One page of the list: the page asked for, or the last one when it is past the end (a link
 * from before a delete, a hand-typed number), so the page never shows an empty list by mistake.
 */
async function loadPage(request: Request, page: number, search: string) {
  const asked = await projectsPage(request, { page, search });
  const pages = Math.max(1, Math.ceil(asked.count / asked.pageSize));
  if (page <= pages) return { ...asked, page, pages };
  if (asked.count === 0) return { ...asked, page: 1, pages };
  return { ...(await projectsPage(request, { page: pages, search })), page: pages, pages };
}

/**
 * The firm's private projects (workspace-and-admin.md screens 1 and 2): the firm and its
 * sub-admins see all of them and add, edit and delete; a plain employee sees the projects it is a
 * member of. 24 cards a page, newest first, `?page=` and `?search=` (name or client name; decision
 * 203). `?panel=new` and `?panel=edit&item={id}` open the side panel, `?confirm={id}` the delete
 * confirmation: pages of their own without JavaScript, opened in place with it; their links keep
 * the page and the search.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A page out of range is page 1 (parsePage); a search longer than the api takes is cut to its length.
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, PROJECT_LIST.search);
  const [, { projects, canManage, count, page, pages }] = await guarded(
    requireWorkspaceUser(request),
    required(loadPage(request, parsePage(url), search)),
  );
  const params = url.searchParams;
  const editing = params.get('panel') === 'edit' ? projects.find((p) => p.id === params.get('item')) : undefined;
  // Spec, error catalogue: an edit panel for a project the list does not have (deleted meanwhile, a link from elsewhere).
  if (canManage && params.get('panel') === 'edit' && !editing) throw await redirectWithError(backToList(request), PROJECT_MESSAGES.loadFailed);
  // "Pick from Address Book" for the client name: its clients first, then everyone else (read only with the panel open).
  const contacts = canManage && params.get('panel') ? ((await optional(allContacts(request))).reply ?? []) : [];
  const clients = [...new Set([...contacts.filter((c) => c.kind === 'client'), ...contacts.filter((c) => c.kind !== 'client')].map((c) => c.name))];
  // The place lists the panel's selects start from: the edited project's country and state.
  return json({ projects, canManage, count, page, pages, search, clients, options: placeOptions(editing?.country, editing?.state) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return projectsAction(request);
}

/**
 * Opening a panel or a confirmation keeps the list as loaded, except the edit panel of another
 * project: its selects need the lists of that project's country and state.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const next = args.nextUrl.searchParams;
  if (!args.formMethod && next.get('panel') === 'edit' && next.get('item') !== args.currentUrl.searchParams.get('item')) return true;
  return keepDataForDialogs(args);
};

export default function Projects() {
  const { projects, canManage, count, page, pages, search, clients, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  const confirm = useConfirm();
  const editing = panel.open === 'edit' ? (projects.find((p) => p.id === panel.item) ?? null) : null;
  const panelOpen = canManage && (panel.open === 'new' || editing !== null);
  const deleting = canManage && confirm.id ? projects.find((p) => p.id === confirm.id) : undefined;
  const addButton = canManage ? <NewPanelLink testId="add-project">Add Project</NewPanelLink> : null;
  const saved = actionData && 'result' in actionData ? actionData : null;
  const hydrated = useHydrated();

  return (
    <>
      <PageHeader
        title="Projects"
        description={canManage ? "Your firm's private projects, with their files, schedules and members." : 'The projects you are a member of.'}
        actions={addButton}
      />
      {count > 0 || search ? (
        <ListSearch
          id="project-search"
          name="search"
          label="Search projects"
          value={search}
          placeholder="Search project or client name"
          maxLength={PROJECT_LIST.search}
          clearTo={search ? '/workspace/project' : null}
          testId="project-search"
        />
      ) : null}
      {projects.length ? (
        <>
          <ul className="ws-project-grid" data-testid="workspace-projects">
            {projects.map((project, index) => (
              <WorkspaceProjectCard
                key={project.id}
                project={project}
                editHref={project.access === 'manage' ? panel.href('edit', project.id) : null}
                deleteHref={project.access === 'manage' ? confirm.href(project.id) : null}
                priority={index < 4}
              />
            ))}
          </ul>
          <ListPager page={page} pages={pages} className="ws-project-pager" />
        </>
      ) : search ? (
        <EmptyState title={noProjectsMatch(search)} action={<Link to="/workspace/project" className="button button-ghost">Show all projects</Link>}>
          Try another project or client name, or clear the search.
        </EmptyState>
      ) : (
        <EmptyState title={EMPTY_PROJECTS} action={addButton}>
          {canManage ? 'Add a project to keep its files, schedules and members together.' : 'A project appears here once you are added to its members.'}
        </EmptyState>
      )}

      {panelOpen ? (
        <SidePanel title={editing ? 'Edit Project' : 'Add Project'} closeTo={panel.closeTo} testId="project-panel">
          <ProjectForm
            key={editing?.id ?? 'new'}
            project={editing}
            lastResult={saved?.result}
            actionData={saved}
            // With JavaScript the selects keep their own lists; the action's are for the page it renders without.
            options={!hydrated && saved?.options ? saved.options : options}
            photoDraft={saved?.photoDraft ?? null}
            closeTo={panel.closeTo}
            clients={clients}
          />
        </SidePanel>
      ) : null}
      {deleting ? <ConfirmDelete what="project" id={deleting.id} name={deleting.projectName} closeTo={confirm.closeTo} /> : null}
      <Toast toast={saved?.toast} />
    </>
  );
}
