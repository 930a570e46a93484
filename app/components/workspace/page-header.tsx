import type { ReactNode } from 'react';

/**
 * The head of every workspace page: its title (the page's one h1), an optional line under it,
 * and its actions (Add buttons, filters) on the right, below the title on a phone.
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head ws-page-head">
      <div>
        <h1>{title}</h1>
        {description ? <p className="muted">{description}</p> : null}
      </div>
      {actions ? <div className="ws-page-actions">{actions}</div> : null}
    </header>
  );
}
