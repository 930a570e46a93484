import { Outlet } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes';
import ClientBoard from './route';

/**
 * The Client Board's dates in the viewer's firm's time zone (decisions 265 and 298), its
 * unread decision and its copyable link (decisions 295, 296). 03:00 UTC on 1 March is the
 * evening of 28 February in New York and the morning of 1 March in India.
 */

const INSTANT = '2026-03-01T03:00:00.000Z';
/** The page's text runs without React's separators between adjacent texts. */
const text = async (html: Promise<string>) => (await html).replaceAll('<!-- -->', '');

function board(timeZone: string) {
  const link = {
    id: 'l1',
    projectId: 'p1',
    projectName: 'Sea View Flat',
    scheduleId: 's1',
    scheduleTitle: 'Living room',
    clientName: 'Mrs Rao',
    state: 'open',
    expiresAt: INSTANT,
    revokedAt: null,
    revokedByName: null,
    revokeReason: null,
    lastOpenedAt: INSTANT,
    createdAt: INSTANT,
    createdByName: 'Asha',
    copyable: true,
  };
  const decision = { id: 'd1', projectId: 'p1', projectName: 'Sea View Flat', scheduleId: 's1', scheduleTitle: 'Living room', sectionId: 'x', sectionName: 'Doors', itemId: null, itemName: '', decision: 'rejected', comment: 'Darker', clientName: 'Mrs Rao', createdAt: INSTANT, unread: true };
  const onItem = { ...decision, id: 'd2', itemId: 'i1', itemName: 'Teak door', comment: 'Too dark: a lighter teak, please', unread: false };
  return text(renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ user: { id: 'u1', timeZone } }),
        element: <Outlet />,
        children: [{ id: 'board', path: 'workspace/client-board', loader: () => ({ links: [link], revokedLinks: [], decisions: [onItem, decision], unread: 1, schedules: [], copy: null }), element: <ClientBoard /> }],
      },
    ],
    '/workspace/client-board',
  ));
}

describe('dates on the Client Board', () => {
  it('are the viewer’s firm’s, with the unread decision marked and its link copyable', async () => {
    const html = await board('America/New_York');
    expect(html).toContain('28 Feb 2026, 10:00 PM');
    expect(html).not.toContain('1 Mar 2026');
    expect(html).toContain('data-testid="decisions-unread"');
    expect(html).toContain('href="/workspace/client-board?copy=l1"');
    expect(await board('Asia/Kolkata')).toContain('1 Mar 2026, 8:30 AM');
  });
});

describe('decisions item by item (docs/decisions/412, 413)', () => {
  it("shows the item and its section with the client's words, and the project's decision log", async () => {
    const html = await board('Asia/Kolkata');
    expect(html).toContain('Teak door');
    expect(html).toContain('· Doors · Living room');
    expect(html).toContain('Too dark: a lighter teak, please');
    expect(html).toContain('· whole section · Living room');
    expect(html).toContain('href="/workspace/client-board/log/p1.pdf"');
  });
});
