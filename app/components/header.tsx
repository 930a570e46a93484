import { Form, Link, NavLink, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { SessionUser } from '~/utils/session.server';
import { matchesPath } from '~/utils/paths';
import { useProductName } from '~/utils/product';
import { preloadRegisterFirmDialog } from '~/components/register-firm-dialog-lazy';

function NavItem({ to, pathname, children }: { to: string; pathname: string; children: ReactNode }) {
  const active = matchesPath(pathname, to.split('?')[0]!);
  return (
    <NavLink to={to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined} prefetch="intent">
      {children}
    </NavLink>
  );
}

/** The header of every page: links by role and login state (spec, Header). */
export function Header({
  user,
  pathname,
  pricing,
  search,
}: {
  user: SessionUser | null;
  pathname: string;
  pricing: boolean;
  search?: ReactNode;
}) {
  const isExplorer = user?.role === 'explorer';
  const showWorkspace = user !== null && !isExplorer;
  // The portfolio is the firm account's own: an employee's header shows Workspace only (DESIGN.md 9, decision 211).
  const showPortfolio = showWorkspace && user.role !== 'employee';
  // The menu checkbox is remounted (unchecked) on every navigation, so the menu closes once a link is followed.
  const { key: locationKey } = useLocation();
  const productName = useProductName();
  const workspace = !user || pricing ? { to: '/workspace/pricing', label: 'Pricing' } : { to: '/workspace/project', label: 'Workspace' };
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to={user ? '/explore' : '/'} className="logo">
          <span className="logo-mark" aria-hidden="true">
            A
          </span>
          <span className="logo-text">{productName}</span>
        </Link>
        {search}
        <input key={locationKey} type="checkbox" id="nav-toggle" className="nav-toggle" aria-label="Menu" aria-controls="site-nav" />
        <label htmlFor="nav-toggle" className="nav-toggle-label">
          <span />
          <span />
          <span />
        </label>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          {!user ? <NavItem to="/" pathname={pathname}>Home</NavItem> : null}
          {/* The showcase is public: a visitor's header is Home, Explore, Firms, Log in, Sign up (decision 385). */}
          <NavItem to="/explore" pathname={pathname}>
            Explore
          </NavItem>
          <NavItem to="/firms" pathname={pathname}>
            Firms
          </NavItem>
          {showPortfolio ? (
            <NavItem to="/portfolio" pathname={pathname}>
              Portfolio
            </NavItem>
          ) : null}
          {showWorkspace ? (
            <NavItem to={workspace.to} pathname={pathname}>
              {workspace.label}
            </NavItem>
          ) : null}
          {/* An explorer's password and signed-in devices (decision 332); a firm's are in the workspace's Setting. */}
          {isExplorer ? (
            <NavItem to="/setting" pathname={pathname}>
              Setting
            </NavItem>
          ) : null}
          <div className="nav-actions">
            {isExplorer ? (
              <Link
                to={`${pathname}?dialog=register-firm`}
                className="button button-secondary"
                data-testid="register-firm"
                // The dialog's module is loaded on demand: start while the pointer or focus is on its way.
                onMouseEnter={preloadRegisterFirmDialog}
                onFocus={preloadRegisterFirmDialog}
              >
                Register Firm
              </Link>
            ) : null}
            {user ? (
              <Form method="post" action="/logout" className="inline-form">
                <button type="submit" className="button button-ghost">
                  Logout
                </button>
              </Form>
            ) : (
              <>
                <Link to="/?view=login#auth" className="button button-ghost">
                  Log in
                </Link>
                <Link to="/?view=signup#auth" className="button button-primary">
                  Sign up
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
