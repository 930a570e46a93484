import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Icon } from './icon';

type Item = { label: string; icon: ReactNode; to: string; active?: boolean };

const icon = (d: string) => <Icon d={d} />;

/**
 * The admin sidebar of screen 17, with the items whose pages exist. The spec's others
 * (Workspace, Advertisements, Sub admins, Setting) join the list with their pages: no item
 * leads to a placeholder.
 */
const ITEMS: Item[] = [
  { label: 'Showcase', to: '/', icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z') },
  { label: 'Verification', to: '/admin/dashboard', active: true, icon: icon('M12 3l8 3v6c0 4.5-3.4 8.4-8 9-4.6-.6-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5') },
];

export function AdminSidebar({ email }: { email: string }) {
  return (
    <aside className="admin-sidebar">
      <div className="admin-brand">
        <span className="logo-mark" aria-hidden="true">
          A
        </span>
        <span className="admin-brand-text">
          Archivista <small>Admin</small>
        </span>
        {/* The drawer of small screens opens without JavaScript (a checkbox and its label). */}
        <label htmlFor="admin-menu" className="admin-menu-toggle" aria-label="Menu">
          <span />
          <span />
          <span />
        </label>
      </div>
      <input type="checkbox" id="admin-menu" className="admin-menu-checkbox" aria-label="Show the admin menu" />
      <div className="admin-drawer">
        <nav aria-label="Admin">
          <ul className="admin-nav">
            {ITEMS.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={item.active ? 'admin-nav-link active' : 'admin-nav-link'} aria-current={item.active ? 'page' : undefined}>
                  {item.icon}
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-account">
          <span className="admin-account-email" title={email}>
            {email}
          </span>
          <Form method="post" action="/admin/logout">
            <button type="submit" className="button button-ghost button-block">
              Log out
            </button>
          </Form>
        </div>
      </div>
    </aside>
  );
}
