import { Link, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Avatar } from '~/components/avatar';
import { Icon } from '~/components/icon';
import { ROLE_LABELS, type Role } from '../../../server/contract/vocabulary';
import { unreadLabel } from '../../../server/contract/chat-rules';
import { CONTROL_ICONS, WorkspaceIcon } from './icons';
import { activeHref, backHref, breadcrumb, visibleLinks, type Crumb, type WorkspaceLink } from './nav';
import { useRouteExists } from './route-exists';
import { PlanBadge, PlanBanner, type ShellPlan } from './plan-status';

/** Whose workspace it is: the sidebar's profile image and firm name (spec), with the firm's type. */
export type WorkspaceFirm = { name: string; image: string | null; label: string; manages: boolean };

type ShellAccount = {
  firmName: string | null;
  userName: string;
  profileImage: string | null;
  role: Role;
  isSubAdmin?: boolean;
  employer?: { name: string; profileImage: string | null } | null;
};

/**
 * The firm shown for a signed-in account: a firm account is its own firm; an employee sees the
 * firm it works for (the session's snapshot names it, `employer`). `manages`: the firm and its
 * sub-admins, who see the managers' links (nav.ts).
 */
export function workspaceFirm(user: ShellAccount): WorkspaceFirm {
  const employee = user.role === 'employee';
  const firm = employee && user.employer ? { name: user.employer.name, image: user.employer.profileImage } : { name: user.firmName || user.userName, image: user.profileImage };
  return { ...firm, label: ROLE_LABELS[user.role], manages: !employee || user.isSubAdmin === true };
}

/** Unread counts beside sidebar links, by the link's href (the Client Board's decisions: docs/decisions/295). */
export type SidebarCounts = Partial<Record<string, { count: number; label: string }>>;

/**
 * The workspace's chrome around every workspace page (spec, "Workspace sidebar and header"):
 * the sidebar (a drawer at ≤ 767 px), the breadcrumb and the back button. The drawer is a
 * checkbox and its labels, so it opens and closes without JavaScript; with JavaScript, Escape
 * closes it and focus moves into it when it opens.
 */
export function WorkspaceShell({ firm, plan = null, counts = {}, children }: { firm: WorkspaceFirm; plan?: ShellPlan | null; counts?: SidebarCounts; children: ReactNode }) {
  const { pathname, key } = useLocation();
  const exists = useRouteExists();
  const links = visibleLinks(exists, firm);
  const crumbs = breadcrumb(pathname, exists);
  const toggle = useRef<HTMLInputElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A popup open over the page closes first (it listens to Escape itself).
      if (event.key !== 'Escape' || !toggle.current?.checked || document.body.classList.contains('has-dialog')) return;
      toggle.current.checked = false;
      toggle.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="ws-shell">
      {/* Remounted (unchecked) on every navigation, so the drawer closes once a link is followed. */}
      <input
        key={key}
        ref={toggle}
        type="checkbox"
        id="ws-drawer"
        className="ws-drawer-toggle"
        aria-controls="ws-sidebar"
        aria-label="Workspace menu"
        onChange={(event) => {
          if (!event.currentTarget.checked || !sidebar.current) return;
          const links = sidebar.current.querySelectorAll<HTMLElement>('a');
          (sidebar.current.querySelector<HTMLElement>('a[aria-current="page"]') ?? links[0])?.focus();
        }}
      />
      <aside id="ws-sidebar" ref={sidebar} className="ws-sidebar">
        <div className="ws-firm">
          <Avatar src={firm.image} name={firm.name} size={44} />
          <div className="ws-firm-text">
            <strong className="ws-firm-name" data-testid="workspace-firm-name">
              {firm.name}
            </strong>
            <span className="ws-firm-label">{firm.label}</span>
            {plan ? <PlanBadge plan={plan} /> : null}
          </div>
          <label htmlFor="ws-drawer" className="ws-drawer-close" title="Close the menu">
            <Icon d={CONTROL_ICONS.close} size={20} />
          </label>
        </div>
        <SidebarNav links={links} pathname={pathname} counts={counts} />
      </aside>
      <label htmlFor="ws-drawer" className="ws-drawer-backdrop" />
      <div className="ws-main">
        <label htmlFor="ws-drawer" className="ws-drawer-button" data-testid="workspace-menu-button">
          <Avatar src={firm.image} name={firm.name} size={28} />
          <span className="ws-drawer-button-name">{firm.name}</span>
          <span className="ws-drawer-button-icon">
            <Icon d={CONTROL_ICONS.menu} size={20} />
          </span>
        </label>
        <div className="ws-bar">
          <BackButton href={backHref(crumbs)} />
          <Breadcrumb crumbs={crumbs} />
        </div>
        <div className="ws-content">
          {plan ? <PlanBanner plan={plan} pathname={pathname} /> : null}
          {children}
        </div>
      </div>
    </div>
  );
}

function SidebarNav({ links, pathname, counts }: { links: WorkspaceLink[]; pathname: string; counts: SidebarCounts }) {
  const active = activeHref(pathname, links);
  return (
    <nav aria-label="Workspace" className="ws-nav">
      <ul>
        {links.map((link) => (
          // Showcase leaves the workspace for the public side: set apart at the end.
          <li key={link.href} className={link.href.startsWith('/workspace') ? undefined : 'ws-nav-out'}>
            <Link
              to={link.href}
              className={link.href === active ? 'ws-nav-link active' : 'ws-nav-link'}
              aria-current={link.href === active ? 'page' : undefined}
              prefetch="intent"
            >
              <WorkspaceIcon name={link.icon} />
              <span>{link.label}</span>
              <NavCount count={counts[link.href]} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavCount({ count }: { count: SidebarCounts[string] }) {
  if (!count?.count) return null;
  return (
    <span className="ws-nav-count" data-testid="nav-count">
      {unreadLabel(count.count)}
      <span className="visually-hidden"> {count.label}</span>
    </span>
  );
}

function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="ws-breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {crumb.current ? (
              <span aria-current="page">{crumb.label}</span>
            ) : crumb.href ? (
              <Link to={crumb.href}>{crumb.label}</Link>
            ) : (
              <span>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The page this one was opened from, when the app's history has one (react-router counts entries in `idx`). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * Back: without JavaScript a link to the parent page; with it, the previous page of the
 * history when there is one inside the app, else the same link. Not shown on a top-level page.
 */
function BackButton({ href }: { href: string | null }) {
  const navigate = useNavigate();
  if (!href) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !canGoBack()) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link to={href} className="ws-back" onClick={onClick} data-testid="workspace-back">
      <Icon d={CONTROL_ICONS.back} size={18} />
      <span>Back</span>
    </Link>
  );
}
