import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** The paths of one project's pages (route map: project/files, project/schedules, project/member). */
export function projectPaths(projectId: string) {
  const id = encodeURIComponent(projectId);
  return {
    files: `/workspace/project/files/${id}`,
    schedules: `/workspace/project/schedules/${id}`,
    members: `/workspace/project/member/${id}`,
  };
}

/** The tabs of one project's pages, in the spec's order. */
export function projectTabs(projectId: string): { label: string; href: string }[] {
  const paths = projectPaths(projectId);
  return [
    { label: 'Files', href: paths.files },
    { label: 'Schedules', href: paths.schedules },
    { label: 'Members', href: paths.members },
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
  return (
    <div className="ws-project-head">
      <PageHeader title={project.projectName} description={description} actions={actions} />
      <nav aria-label="Project pages" className="ws-tabs">
        {projectTabs(project.id).map((tab) => (
          <NavLink key={tab.href} to={tab.href} prefetch="intent" className={({ isActive }) => (isActive ? 'ws-tab active' : 'ws-tab')}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
