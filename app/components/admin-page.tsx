import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { AdminSidebar } from './admin-sidebar';

/** The frame of every admin area page: the sidebar, the page's title and line, its content. */
export function AdminPage({ email, title, description, children }: { email: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-shell">
      <AdminSidebar email={email} />
      <div className="admin-content">
        <header className="admin-head">
          <div>
            <h1>{title}</h1>
            <p className="muted">{description}</p>
          </div>
        </header>
        {children}
      </div>
    </div>
  );
}

/** The filter tabs above an admin list (links: they work without JavaScript). */
export function AdminTabs({ tabs, label }: { tabs: Array<{ label: string; to: string; current: boolean; count?: number }>; label: string }) {
  return (
    <nav className="admin-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className={tab.current ? 'admin-tab current' : 'admin-tab'} aria-current={tab.current ? 'page' : undefined} preventScrollReset>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Previous / Next links of a paged admin list. */
export function AdminPager({ page, count, size, href }: { page: number; count: number; size: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} className="button button-ghost" preventScrollReset>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="button button-ghost" preventScrollReset>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
