import { Outlet } from '@remix-run/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../tests/helpers/render-routes';
import { ErrorBoundary } from './workspace';

const snapshot = {
  id: 'u1',
  userName: 'Asha Mehta',
  role: 'architect',
  email: 'a@example.test',
  firmName: 'Session Studio',
  profileImage: null,
  isVerify: 2,
  HasPassword: true,
};
const layoutFirm = { name: 'Loaded Studio', image: null, label: 'Architecture', manages: true };

/** Renders /workspace/… with the page (or the layout itself) failing with `status`. */
function renderError(status: number, failing: 'page' | 'layout') {
  const fail = () => {
    throw new Response(null, { status });
  };
  return renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ user: snapshot }),
        element: <Outlet />,
        children: [
          {
            id: 'routes/workspace',
            path: 'workspace',
            loader: failing === 'layout' ? fail : () => ({ firm: layoutFirm }),
            element: <Outlet />,
            ErrorBoundary,
            children: [{ id: 'page', path: '*', loader: failing === 'page' ? fail : () => null, element: <p>page</p> }],
          },
        ],
      },
    ],
    '/workspace/project/files/42'
  );
}

describe('the workspace error boundary', () => {
  // The boundary logs 5xx errors; not in the test output.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [404, 'Page not found'],
    [403, 'Not allowed'],
    [503, 'The service is unavailable'],
  ])('renders a page’s %i inside the shell: sidebar, breadcrumb, message', async (status, title) => {
    const html = await renderError(status, 'page');
    expect(html).toContain('aria-label="Workspace"');
    expect(html).toContain('Loaded Studio');
    expect(html).toContain('aria-label="Breadcrumb"');
    expect(html).toContain(`data-status="${status}"`);
    expect(html).toContain(title);
    expect(html).toContain('href="/workspace/project"');
  });

  it('keeps the shell when the layout itself fails, with the firm of the session', async () => {
    const html = await renderError(503, 'layout');
    expect(html).toContain('Session Studio');
    expect(html).toContain('The service is unavailable');
    expect(html).not.toContain('Loaded Studio');
  });
});
