import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Icon } from './icon';

type Item = { label: string; icon: ReactNode; to?: string; active?: boolean };

const icon = (d: string) => <Icon d={d} />;

/** The admin sidebar of screen 17: only Showcase and Verification lead somewhere yet; the others are marked as coming. */
const ITEMS: Item[] = [
  { label: 'Showcase', to: '/', icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z') },
  { label: 'Workspace', icon: icon('M4 7h16v12H4zM9 7V5h6v2') },
  { label: 'Advertisements', icon: icon('M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6') },
  { label: 'Sub admins', icon: icon('M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M17 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.6') },
  { label: 'Verification', to: '/admin/dashboard', active: true, icon: icon('M12 3l8 3v6c0 4.5-3.4 8.4-8 9-4.6-.6-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5') },
  { label: 'Setting', icon: icon('M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1A1.7 1.7 0 0 0 7 19.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 13.6H3a2 2 0 1 1 0-4h.1A1.7 1.7 0 0 0 4.7 7l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10.4 3V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z') },
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
                {item.to ? (
                  <Link to={item.to} className={item.active ? 'admin-nav-link active' : 'admin-nav-link'} aria-current={item.active ? 'page' : undefined}>
                    {item.icon}
                    {item.label}
                  </Link>
                ) : (
                  <span className="admin-nav-link disabled" aria-disabled="true" title="Coming soon">
                    {item.icon}
                    {item.label}
                    <em>Soon</em>
                  </span>
                )}
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
