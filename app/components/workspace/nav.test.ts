import { describe, expect, it } from 'vitest';
import { activeHref, backHref, breadcrumb, isIdSegment, segmentLabel, visibleLinks, WORKSPACE_LINKS } from './nav';

const HEX = '0123456789abcdef01234567';
const pages =
  (...paths: string[]) =>
  (pathname: string) =>
    paths.includes(pathname);

describe('visibleLinks', () => {
  it('shows only the links a page answers, in the order of the spec', () => {
    const links = visibleLinks(pages('/workspace/project', '/'), { manages: true });
    expect(links.map((l) => l.label)).toEqual(['Project', 'Showcase']);
    expect(links.at(-1)!.href).toBe('/');
  });

  it('shows Employee, Demand box, Reviews, Financial and Invoices to the firm and its sub-admins only', () => {
    const every = () => true;
    const managers = ['Employee', 'Demand box', 'Reviews', 'Financial', 'Invoices'];
    expect(visibleLinks(every, { manages: true }).map((l) => l.label)).toEqual(WORKSPACE_LINKS.map((l) => l.label));
    const employee = visibleLinks(every, { manages: false }).map((l) => l.label);
    expect(employee).toEqual(WORKSPACE_LINKS.map((l) => l.label).filter((label) => !managers.includes(label)));
    expect(WORKSPACE_LINKS.filter((l) => l.audience === 'managers').map((l) => l.label)).toEqual(managers);
  });

  it('lists every sidebar link of the spec', () => {
    expect(WORKSPACE_LINKS.map((l) => l.label)).toEqual([
      'Project',
      'Employee',
      'Taskboard',
      'Demand box',
      'Reviews',
      'Calendar',
      'Timesheet',
      'Client Board',
      'Project Library',
      'Address Book',
      'Financial',
      'Invoices',
      'Group Chat',
      'Setting',
      'Showcase',
    ]);
  });
});

describe('activeHref', () => {
  it('marks the link the path falls under, the longest when several do', () => {
    expect(activeHref(`/workspace/project/files/${HEX}`, WORKSPACE_LINKS)).toBe('/workspace/project');
    expect(activeHref('/workspace/project/schedules/Financial', WORKSPACE_LINKS)).toBe('/workspace/project/schedules/Financial');
    expect(activeHref('/workspace/project-library', WORKSPACE_LINKS)).toBe('/workspace/project-library');
  });

  it('marks nothing on a path outside every link (Showcase matches / only)', () => {
    expect(activeHref('/workspace/nothing-here', WORKSPACE_LINKS)).toBeNull();
  });
});

describe('isIdSegment', () => {
  it('takes numeric and 24-hex segments as ids, nothing else', () => {
    expect(isIdSegment('42')).toBe(true);
    expect(isIdSegment(HEX)).toBe(true);
    expect(isIdSegment(HEX.toUpperCase())).toBe(true);
    expect(isIdSegment(HEX.slice(1))).toBe(false);
    expect(isIdSegment('files')).toBe(false);
    expect(isIdSegment('4a')).toBe(false);
  });
});

describe('segmentLabel', () => {
  it('names the segments of the route map readably', () => {
    expect(segmentLabel('project')).toBe('Projects');
    expect(segmentLabel('summary-financial')).toBe('Summary & Financial');
    expect(segmentLabel('Financial')).toBe('Financial');
    expect(segmentLabel('filesdetails')).toBe('Folder');
  });

  it('spells out any other segment, and survives a malformed escape', () => {
    expect(segmentLabel('site_visits-2024')).toBe('Site visits 2024');
    expect(segmentLabel('caf%C3%A9')).toBe('Café');
    expect(segmentLabel('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('breadcrumb', () => {
  it('hides numeric and 24-hex id segments', () => {
    const crumbs = breadcrumb(`/workspace/project/files/${HEX}`, () => false);
    expect(crumbs.map((c) => c.label)).toEqual(['Workspace', 'Projects', 'Files']);
    expect(breadcrumb('/workspace/project/42/summary-financial', () => false).map((c) => c.label)).toEqual([
      'Workspace',
      'Projects',
      'Summary & Financial',
    ]);
  });

  it('marks the last crumb as the current page, without a link', () => {
    const crumbs = breadcrumb('/workspace/project', pages('/workspace', '/workspace/project'));
    expect(crumbs).toEqual([
      { label: 'Workspace', href: '/workspace', current: false },
      { label: 'Projects', href: null, current: true },
    ]);
  });

  it('links an earlier crumb only to a path a page answers, carrying the ids that belong to it', () => {
    const exists = pages('/workspace', '/workspace/project', `/workspace/project/files/${HEX}`, `/workspace/project/schedules/${HEX}`);
    const folder = breadcrumb(`/workspace/project/files/${HEX}/more`, exists);
    expect(folder.map((c) => c.href)).toEqual(['/workspace', '/workspace/project', `/workspace/project/files/${HEX}`, null]);
    // The project id comes after summary-financial, yet it is the schedules page's id too.
    const summary = breadcrumb(`/workspace/project/schedules/summary-financial/${HEX}`, exists);
    expect(summary.map((c) => c.href)).toEqual(['/workspace', '/workspace/project', `/workspace/project/schedules/${HEX}`, null]);
    // No page answers /workspace/project/schedules: plain text.
    expect(breadcrumb('/workspace/project/schedules/Financial', exists)[2]).toEqual({ label: 'Schedules', href: null, current: false });
  });
});

describe('backHref', () => {
  const exists = pages('/workspace', '/workspace/project');

  it('leads to the nearest earlier page', () => {
    expect(backHref(breadcrumb(`/workspace/project/files/${HEX}`, exists))).toBe('/workspace/project');
  });

  it('is null on a top-level page: the workspace root only forwards to the project list', () => {
    expect(backHref(breadcrumb('/workspace/project', exists))).toBeNull();
    expect(backHref(breadcrumb('/workspace/unknown', exists))).toBeNull();
  });
});
