import { Link } from '@remix-run/react';
import { Icon } from '~/components/icon';
import { ImagePlaceholder, ResponsiveImage } from '~/components/responsive-image';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { WorkspaceIcon } from '~/components/workspace/icons';
import { projectPaths } from '~/components/workspace/project-tabs';
import type { WebProject } from '~/models/workspace-projects.server';

/** Cards: 1 column on phones, 2 on tablets, 3 or 4 on desktops. */
const CARD_SIZES = '(max-width: 575px) 100vw, (max-width: 991px) 50vw, 360px';

/**
 * A project of the workspace list (screen 1): its photo (a click opens the project's files), type
 * and name; for those who manage it, the edit and delete icons (the side panel and the
 * confirmation, both addressed by URL).
 */
export function WorkspaceProjectCard({
  project,
  editHref,
  deleteHref,
  priority,
}: {
  project: WebProject;
  /** Null when the viewer may not change the project (a member employee). */
  editHref: string | null;
  deleteHref: string | null;
  priority: boolean;
}) {
  const paths = projectPaths(project.id);
  const place = [project.city, project.state].filter(Boolean).join(', ');
  return (
    <li className="project-card ws-project-card" data-testid="workspace-project-card">
      {/* The name comes from the content (no aria-label), so it includes the visible type label. */}
      <Link to={paths.files} className="project-card-media ws-project-media" prefetch="intent">
        <span className="visually-hidden">Open the files of {project.projectName}: </span>
        {project.photo ? <ResponsiveImage image={project.photo} alt="" sizes={CARD_SIZES} priority={priority} /> : <ImagePlaceholder label="No photo" />}
        <span className="project-card-type">{project.projectTypeLabel}</span>
      </Link>
      {editHref || deleteHref ? (
        <div className="ws-card-tools">
          {editHref ? (
            <Link to={editHref} className="ws-tool" title="Edit" aria-label={`Edit ${project.projectName}`} preventScrollReset data-testid="edit-project">
              <Icon d={ACTION_ICONS.edit} size={17} />
            </Link>
          ) : null}
          {deleteHref ? (
            <Link
              to={deleteHref}
              className="ws-tool ws-tool-danger"
              title="Delete"
              aria-label={`Delete ${project.projectName}`}
              preventScrollReset
              data-testid="delete-project"
            >
              <Icon d={ACTION_ICONS.trash} size={17} />
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="project-card-body ws-project-body">
        <h2 className="ws-project-title">
          <Link to={paths.files} prefetch="intent">
            {project.projectName}
          </Link>
        </h2>
        <div className="ws-project-foot">
          <span className="project-card-meta">{place}</span>
          <span className="ws-card-links">
            <Link to={paths.schedules} className="ws-members-link" prefetch="intent" aria-label={`Schedules of ${project.projectName}`}>
              <WorkspaceIcon name="calendar" size={16} />
              <span>Schedules</span>
            </Link>
            <Link to={paths.members} className="ws-members-link" prefetch="intent" aria-label={`Members of ${project.projectName}`}>
              <WorkspaceIcon name="employee" size={16} />
              <span>Members</span>
            </Link>
          </span>
        </div>
      </div>
    </li>
  );
}
