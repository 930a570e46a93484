import { describe, expect, it } from 'vitest';
import { pagePatterns, patternExistence, routeExistence } from './route-exists';

// The shape of Remix's manifest for flat route files such as these.
const ROUTES = [
  { id: 'root', path: '' },
  { id: 'routes/_index', parentId: 'root', index: true },
  { id: 'routes/workspace', parentId: 'root', path: 'workspace' },
  { id: 'routes/workspace._index', parentId: 'routes/workspace', index: true },
  { id: 'routes/workspace.$', parentId: 'routes/workspace', path: '*' },
  { id: 'routes/workspace.project._index', parentId: 'routes/workspace', path: 'project', index: true },
  { id: 'routes/workspace.project.files.$projectId', parentId: 'routes/workspace', path: 'project/files/:projectId' },
  { id: 'routes/workspace.project.schedules.$projectId', parentId: 'routes/workspace', path: 'project/schedules/:projectId' },
  { id: 'routes/portfolio.add-project.($projectId)', parentId: 'root', path: 'portfolio/add-project/:projectId?' },
  { id: 'routes/_auth', parentId: 'root' },
];

describe('routeExistence', () => {
  const exists = routeExistence(ROUTES);

  it('answers the paths of the route files, with their parameters', () => {
    expect(exists('/')).toBe(true);
    expect(exists('/workspace')).toBe(true);
    expect(exists('/workspace/project')).toBe(true);
    expect(exists('/workspace/project/files/0123456789abcdef01234567')).toBe(true);
    expect(exists('/portfolio/add-project')).toBe(true);
    expect(exists('/portfolio/add-project/7')).toBe(true);
  });

  it('matches a dynamic segment only with an id, so a page named like a sibling id is not taken for it', () => {
    expect(exists('/workspace/project/schedules/0123456789abcdef01234567')).toBe(true);
    // The firm-wide Financial page is its own route; until it exists, the sidebar hides its link.
    expect(exists('/workspace/project/schedules/Financial')).toBe(false);
    expect(exists('/workspace/project/files/not-an-id')).toBe(false);
  });

  it('does not count a catch-all route as a page', () => {
    expect(exists('/workspace/taskboard')).toBe(false);
    expect(exists('/workspace/project/files')).toBe(false);
    expect(exists('/workspace/project/files/1/2')).toBe(false);
  });

  it('knows nothing without a manifest', () => {
    expect(routeExistence([])('/')).toBe(false);
  });
});

describe('pagePatterns (what the workspace layout sends the shell)', () => {
  it('joins parents\' paths, leaves catch-alls and pathless layouts out, and answers as the routes do', () => {
    const patterns = pagePatterns(ROUTES);
    expect(patterns).toEqual(['/', '/workspace', '/workspace/project', '/workspace/project/files/:projectId', '/workspace/project/schedules/:projectId', '/portfolio/add-project/:projectId?']);
    const exists = patternExistence(patterns);
    expect(exists('/workspace/project/schedules/0123456789abcdef01234567')).toBe(true);
    expect(exists('/workspace/project/schedules/Financial')).toBe(false);
    expect(exists('/workspace/taskboard')).toBe(false);
  });
});
