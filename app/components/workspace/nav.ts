import { matchesPath } from '~/utils/paths';

/** The icons the sidebar draws (see workspace/icons.tsx). */
export type WorkspaceIconName =
  | 'project'
  | 'employee'
  | 'taskboard'
  | 'demandbox'
  | 'calendar'
  | 'clientBoard'
  | 'library'
  | 'addressBook'
  | 'financial'
  | 'chat'
  | 'setting'
  | 'showcase'
  | 'reviews';

/** Who may open a page: everyone of the workspace, or the firm and its sub-admins only (DESIGN.md section 9). */
export type WorkspaceAudience = 'everyone' | 'managers';

export type WorkspaceLink = { label: string; href: string; icon: WorkspaceIconName; audience?: WorkspaceAudience };

/** The viewer as the sidebar needs it: a firm account, or an employee who may or may not manage. */
export type WorkspaceViewer = { manages: boolean };

/**
 * The sidebar of the spec ("Workspace sidebar and header"), in its order. A link is shown only
 * when a route answers its path (see `visibleLinks`): adding the page's route file is what turns
 * its link on, so no link ever leads to a placeholder. The paths of pages the spec does not
 * name (Client Board, Project Library, Address Book, Group Chat, Setting) are decided here.
 */
export const WORKSPACE_LINKS: readonly WorkspaceLink[] = [
  { label: 'Project', href: '/workspace/project', icon: 'project' },
  { label: 'Employee', href: '/workspace/employee', icon: 'employee', audience: 'managers' },
  { label: 'Taskboard', href: '/workspace/taskboard', icon: 'taskboard' },
  { label: 'Demand box', href: '/workspace/demandbox', icon: 'demandbox', audience: 'managers' },
  // Clients' reviews of the firm and its answers (docs/decisions/409, 410).
  { label: 'Reviews', href: '/workspace/reviews', icon: 'reviews', audience: 'managers' },
  { label: 'Calendar', href: '/workspace/calendar', icon: 'calendar' },
  { label: 'Timesheet', href: '/workspace/timesheet', icon: 'calendar' },
  { label: 'Client Board', href: '/workspace/client-board', icon: 'clientBoard' },
  { label: 'Project Library', href: '/workspace/project-library', icon: 'library' },
  { label: 'Address Book', href: '/workspace/address-book', icon: 'addressBook' },
  { label: 'Financial', href: '/workspace/project/schedules/Financial', icon: 'financial', audience: 'managers' },
  { label: 'Invoices', href: '/workspace/invoices', icon: 'financial', audience: 'managers' },
  { label: 'Group Chat', href: '/workspace/group-chat', icon: 'chat' },
  { label: 'Setting', href: '/workspace/setting', icon: 'setting' },
  { label: 'Showcase', href: '/', icon: 'showcase' },
];

/** Whether a path is answered by a page (not by a catch-all); see route-exists.ts. */
export type PathExists = (pathname: string) => boolean;

/**
 * The links a viewer sees: pages that exist, and of those the managers' pages only to the firm and
 * its sub-admins (a plain employee would get a 403 there; the pages keep refusing on their own).
 */
export function visibleLinks(exists: PathExists, viewer: WorkspaceViewer, links: readonly WorkspaceLink[] = WORKSPACE_LINKS): WorkspaceLink[] {
  return links.filter((link) => exists(link.href) && (link.audience !== 'managers' || viewer.manages));
}

/**
 * The link of the current page: the longest href the path falls under, so that
 * /workspace/project/schedules/Financial marks Financial and not Project as well.
 */
export function activeHref(pathname: string, links: readonly WorkspaceLink[]): string | null {
  let best: string | null = null;
  for (const { href } of links) {
    if (matchesPath(pathname, href) && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

const NUMERIC = /^\d+$/;
const HEX_ID = /^[0-9a-f]{24}$/i;

/** The spec's id segments, hidden from the breadcrumb: numeric, or 24 hexadecimal characters. */
export function isIdSegment(segment: string): boolean {
  return NUMERIC.test(segment) || HEX_ID.test(segment);
}

/** Readable names of the route map's segments (lower case); any other segment is spelled out. */
const SEGMENT_LABELS: Record<string, string> = {
  workspace: 'Workspace',
  project: 'Projects',
  files: 'Files',
  filesdetails: 'Folder',
  member: 'Members',
  schedules: 'Schedules',
  'summary-financial': 'Summary & Financial',
  financial: 'Financial',
  taskboard: 'Taskboard',
  employee: 'Employees',
  demandbox: 'Demand box',
  demandboxdetails: 'Enquiry',
  calendar: 'Calendar',
  timesheet: 'Timesheet',
  time: 'Time',
  expenses: 'Expenses',
  result: 'Result',
  pricing: 'Pricing',
  'client-board': 'Client Board',
  'project-library': 'Project Library',
  'address-book': 'Address Book',
  'group-chat': 'Group Chat',
  setting: 'Setting',
  'purchase-orders': 'Purchase orders',
  order: 'Order',
};

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (a hand-typed URL) is shown as typed rather than failing the page.
    return segment;
  }
}

export function segmentLabel(segment: string): string {
  const text = decode(segment);
  const known = SEGMENT_LABELS[text.toLowerCase()];
  if (known) return known;
  const words = text.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : text;
}

/** One crumb: `href` is null for the current page and for a path no page answers. */
export type Crumb = { label: string; href: string | null; current: boolean };

/**
 * The workspace header's breadcrumb, built from the path: id segments are hidden, every other
 * segment is a crumb. An earlier crumb links to the first of these that a page answers: its path
 * with the ids that follow it (`files/{id}`), its path with the ids found later in the URL
 * (`schedules` in `schedules/summary-financial/{id}` → `schedules/{id}`), its path alone.
 */
export function breadcrumb(pathname: string, exists: PathExists): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const named = segments.flatMap((segment, index) => (isIdSegment(segment) ? [] : [index]));
  return named.map((index, position) => {
    const label = segmentLabel(segments[index]!);
    if (position === named.length - 1) return { label, href: null, current: true };
    const upTo = segments.slice(0, index + 1);
    let next = index + 1;
    while (next < segments.length && isIdSegment(segments[next]!)) next++;
    const withFollowingIds = segments.slice(0, next);
    const laterIds = segments.slice(next).filter(isIdSegment);
    const candidates = [withFollowingIds, [...withFollowingIds, ...laterIds], upTo].map((parts) => `/${parts.join('/')}`);
    return { label, href: candidates.find(exists) ?? null, current: false };
  });
}

/**
 * Where the back button leads without JavaScript: the nearest earlier crumb that is a page, but
 * not the workspace root (it only forwards to the project list). Null on a top-level page.
 */
export function backHref(crumbs: Crumb[]): string | null {
  for (let i = crumbs.length - 2; i >= 1; i--) {
    const href = crumbs[i]!.href;
    if (href) return href;
  }
  return null;
}
