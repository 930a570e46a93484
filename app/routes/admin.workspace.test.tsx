import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../tests/helpers/render-routes';
import AdminWorkspace from './admin.workspace';

/** The admin's firm list shows each firm's days in that firm's time zone (decision 298). */

const INSTANT = '2026-03-01T03:00:00.000Z';

function page(timeZone: string) {
  const plan = {
    state: 'trial',
    active: true,
    trialStartedAt: INSTANT,
    trialEndsAt: INSTANT,
    trialDaysLeft: 3,
    canStartTrial: false,
    requestedAt: INSTANT,
    requestPending: true,
    paidUntil: null,
    pricePaise: 100,
  };
  const firm = { id: 'f1', userName: 'Asha', firmName: 'Zone Studio', email: 'z@example.test', city: null, state: null, isVerify: 2, plan, timeZone };
  const data = { email: 'admin@example.test', filter: 'all', search: '', page: 1, firms: [firm], count: 1, defaultPaidUntil: '2027-03-01' };
  return renderRoutes([{ id: 'root', path: '/admin/workspace', loader: () => data, element: <AdminWorkspace /> }], '/admin/workspace').then((html) => html.replaceAll('<!-- -->', ''));
}

describe('the admin Workspace list', () => {
  it("dates a firm's request and trial in the firm's zone", async () => {
    const newYork = await page('America/New_York');
    expect(newYork).toContain('Requested 28 Feb 2026');
    expect(newYork).toContain('ends 28 Feb 2026');
    const india = await page('Asia/Kolkata');
    expect(india).toContain('Requested 1 Mar 2026');
    expect(india).toContain('ends 1 Mar 2026');
  });
});
