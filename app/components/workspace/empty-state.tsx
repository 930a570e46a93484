import type { ReactNode } from 'react';
import { WorkspaceIcon } from './icons';
import type { WorkspaceIconName } from './nav';

/**
 * What a workspace list shows when it has nothing: the spec's empty text ("No projects
 * available", "No Members available"…) as its title, an optional sentence and action.
 */
export function EmptyState({
  title,
  icon = 'project',
  children,
  action,
}: {
  title: string;
  icon?: WorkspaceIconName;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state ws-empty" data-testid="empty-state">
      <span className="ws-empty-icon">
        <WorkspaceIcon name={icon} size={26} />
      </span>
      <p className="ws-empty-title">{title}</p>
      {children ? <p className="ws-empty-text">{children}</p> : null}
      {action}
    </div>
  );
}
