import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { keepDataForDialogs } from '~/components/dialog';
import { ErrorPage } from '~/components/error-page';
import { WorkspaceShell, workspaceFirm, type SidebarCounts, type WorkspaceFirm } from '~/components/workspace/shell';
import { getClientBoardUnread } from '~/models/share-links.server';
import { ApiError } from '~/utils/api.server';
import { useRootData } from '~/root';
import { workspacePagePatterns } from '~/utils/workspace-pages.server';
import { workspaceSheets } from '~/styles/sheets';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** The workspace's own styles (STYLE.md: CSS per area), loaded only on workspace pages. */

/** The workspace's pages without a meta of their own (its home) read this one. */
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Workspace') },
  { name: 'description', content: 'Your firm’s workspace: projects, schedules, files and members.' },
];
export const links: LinksFunction = () => workspaceSheets;

/**
 * The layout of every /workspace page: firm accounts and employees only. Its guard protects this
 * layout's data; each page below still calls its own (STYLE.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWorkspaceUser(request);
  // The Client Board's unread client decisions (docs/decisions/295); the api away only hides the count.
  const unread = await getClientBoardUnread(request).then(
    ({ data }) => data.unread,
    (error: unknown) => {
      if (error instanceof ApiError) return 0;
      throw error;
    },
  );
  const counts: SidebarCounts = { [CLIENT_BOARD_PATH]: { count: unread, label: unread === 1 ? 'unread client decision' : 'unread client decisions' } };
  // The pages the sidebar and breadcrumb may link to (components/workspace/route-exists.ts).
  return json({ firm: workspaceFirm(user), pages: workspacePagePatterns(), counts });
}

const CLIENT_BOARD_PATH = '/workspace/client-board';

// Opening a side panel or a confirmation changes only popup parameters: the sidebar stays as it is.
export const shouldRevalidate = keepDataForDialogs;

export default function WorkspaceLayout() {
  const { firm, counts } = useLoaderData<typeof loader>();
  // The plan comes with the root's data (the header's Pricing/Workspace label reads it too).
  const plan = useRootData()?.plan ?? null;
  return (
    <WorkspaceShell firm={firm} plan={plan} counts={counts}>
      <Outlet />
    </WorkspaceShell>
  );
}

const ANONYMOUS: WorkspaceFirm = { name: 'Workspace', image: null, label: '', manages: false };

/**
 * An error of any workspace page (an unknown path, another firm's id, the api down) renders
 * inside the shell. When this layout's own loader failed, the sidebar shows the session's snapshot.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/workspace');
  const user = useRootData()?.user;
  const firm = data?.firm ?? (user ? workspaceFirm(user) : ANONYMOUS);
  return (
    <WorkspaceShell firm={firm} plan={useRootData()?.plan ?? null} counts={data?.counts}>
      <ErrorPage home={{ to: '/workspace/project', label: 'Go to your projects' }} />
    </WorkspaceShell>
  );
}
