import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** The pages of one project, in the spec's order (route map: files, schedules, member). */
export function projectTabs(projectId: string): { label: string; href: string }[] {
  const id = encodeURIComponent(projectId);
  return [
    { label: 'Files', href: `/workspace/project/files/${id}` },
    { label: 'Schedules', href: `/workspace/project/schedules/${id}` },
    { label: 'Members', href: `/workspace/project/member/${id}` },
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
