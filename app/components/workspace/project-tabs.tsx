import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { matchesPath } from '~/utils/paths';
import { PageHeader } from './page-header';

/** The paths of one project's pages (route map: project/files, project/schedules, project/member). */
export function projectPaths(projectId: string) {
  const id = encodeURIComponent(projectId);
  return {
    files: `/workspace/project/files/${id}`,
    schedules: `/workspace/project/schedules/${id}`,
    members: `/workspace/project/member/${id}`,
    purchaseOrders: `/workspace/project/purchase-orders/${id}`,
    fees: `/workspace/project/fees/${id}`,
    time: `/workspace/project/time/${id}`,
    expenses: `/workspace/project/expenses/${id}`,
    result: `/workspace/project/result/${id}`,
  };
}

/**
 * The tabs of one project's pages, in the spec's order; `under` lists the other paths whose pages
 * belong to a tab (a folder's page, /project/filesdetails/{projectId}/{folderId}, to Files).
 */
export function projectTabs(projectId: string): { label: string; href: string; under: string[] }[] {
  const paths = projectPaths(projectId);
  return [
    { label: 'Files', href: paths.files, under: [`/workspace/project/filesdetails/${encodeURIComponent(projectId)}`] },
    { label: 'Schedules', href: paths.schedules, under: [] },
    { label: 'Members', href: paths.members, under: [] },
    { label: 'Orders', href: paths.purchaseOrders, under: [] },
    { label: 'Fees', href: paths.fees, under: [] },
    { label: 'Time', href: paths.time, under: [] },
    { label: 'Expenses', href: paths.expenses, under: [] },
    { label: 'Result', href: paths.result, under: [] },
  ];
}

/**
 * The head of every page of one project: the project's name as the page's title (its one h1),
 * the page's actions, and the tabs that move between the project's files, schedules and members.
 * A tab is active on its page and on the pages under it (a folder of the files page).
 */
export function ProjectTabs({
  project,
  description,
  actions,
}: {
  project: { id: string; projectName: string };
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="ws-project-head">
      <PageHeader title={project.projectName} description={description} actions={actions} />
      <nav aria-label="Project pages" className="ws-tabs">
        {projectTabs(project.id).map((tab) => {
          const active = [tab.href, ...tab.under].some((path) => matchesPath(pathname, path));
          return (
            <Link key={tab.href} to={tab.href} prefetch="intent" className={active ? 'ws-tab active' : 'ws-tab'} aria-current={active ? 'page' : undefined}>
              {tab.label}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
