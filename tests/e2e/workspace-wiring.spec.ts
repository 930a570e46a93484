import { openE2EDatabase } from './database';
import { createEmployee, createFirm } from '../../server/seed/factories';
import { apiCall, expect, loginAs, ready, test } from './fixtures';
import { uniqueSuffix } from './firm-helpers';

/**
 * How the workspace's areas are wired together, with JavaScript on and off: the Setting page's iCal card and
 * plan state, the sidebar by role, and the employee's sidebar naming its firm.
 */

/** A firm and one plain employee of it, made with the factories. */
async function firmWithEmployee() {
  const database = await openE2EDatabase();
  try {
    const suffix = uniqueSuffix();
    const firm = await createFirm(database.db, { firmName: `Wiring Studio ${suffix}`, email: `wiring-${suffix}@example.test`, password: 'secret123' });
    const employee = await createEmployee(database.db, firm.id, { userName: `Neha ${suffix}`, email: `neha-${suffix}@example.test`, password: 'secret123' });
    return { firm, employee };
  } finally {
    await database.close();
  }
}

test('Setting renews the private iCal link and shows the new one', async ({ page, js }) => {
  const { employee } = await firmWithEmployee();
  await loginAs(page, employee.email, 'secret123');
  await page.goto('/workspace/setting');
  await ready(page, js);
  const card = page.getByTestId('ical-card');
  await expect(card.getByTestId('renew-ical')).toHaveText('Create link');
  await card.getByTestId('renew-ical').click();
  await expect(page).toHaveURL(/\/workspace\/setting$/);
  await expect(card.getByTestId('ical-url')).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
  const first = await card.getByTestId('ical-url').inputValue();

  // Renew again: a different link, and the old one stops.
  await card.getByTestId('renew-ical').click();
  await expect(card.getByTestId('ical-url')).not.toHaveValue(first);
  await expect(card.getByTestId('ical-url')).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
  expect((await fetch(first)).status).toBe(404);
  expect((await fetch(await card.getByTestId('ical-url').inputValue())).status).toBe(200);

  // Shown once: a reload shows the active state without the link; the mail choices still save.
  await page.reload();
  await ready(page, js);
  await expect(card.getByTestId('ical-url')).toHaveCount(0);
  await expect(card.getByText(/Your private feed link is active/)).toBeVisible();
  await page.getByTestId('save-notifications').click();
  await expect(page.getByText('Mail choices saved')).toBeVisible();

  // The client's decisions and payment notes have their own choices (docs/decisions/412), apart from the Client Board's.
  const choices = page.getByTestId('notifications-form');
  // A fresh page: the toast of the save above is gone, so the next one is this save's.
  await page.reload();
  await ready(page, js);
  await choices.getByRole('checkbox', { name: /^Client's decisions/ }).uncheck();
  await choices.getByRole('checkbox', { name: /^Payment notes/ }).uncheck();
  await page.getByTestId('save-notifications').click();
  await expect(page.getByText('Mail choices saved')).toBeVisible();
  await page.reload();
  await ready(page, js);
  await expect(choices.getByRole('checkbox', { name: /^Client's decisions/ })).not.toBeChecked();
  await expect(choices.getByRole('checkbox', { name: /^Payment notes/ })).not.toBeChecked();
  await expect(choices.getByRole('checkbox', { name: /^Client Board/ })).toBeChecked();
});

test('a firm sees its plan state in Setting, with a link to pricing', async ({ page, js }) => {
  const { firm } = await firmWithEmployee();
  const { token } = await loginAs(page, firm.email, 'secret123');
  await page.goto('/workspace/setting');
  await ready(page, js);
  await expect(page.getByTestId('setting-plan-state')).toHaveText('Free trial available');

  expect((await apiCall('POST', '/workspace/plan/trial', undefined, token)).status).toBe(200);
  await page.goto('/workspace/setting');
  await ready(page, js);
  await expect(page.getByTestId('setting-plan-state')).toHaveText('Free trial · 30 days left');
  await page.getByTestId('setting-pricing').click();
  await expect(page).toHaveURL(/\/workspace\/pricing$/);
});

test("a plain employee's sidebar has no Employee, Demand box or Financial link; the pages still refuse", async ({ page, js }) => {
  const { firm, employee } = await firmWithEmployee();
  await loginAs(page, employee.email, 'secret123');
  await page.goto('/workspace/setting');
  await ready(page, js);
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await expect(nav.getByRole('link', { name: 'Taskboard' })).toBeVisible();
  for (const label of ['Employee', 'Demand box', 'Financial']) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
  // The sidebar names the employee's firm, not the employee.
  await expect(page.getByTestId('workspace-firm-name')).toHaveText(firm.firmName!);
  const refused = await page.goto('/workspace/employee');
  expect(refused?.status()).toBe(403);

  await loginAs(page, firm.email, 'secret123');
  await page.goto('/workspace/setting');
  await ready(page, js);
  for (const label of ['Employee', 'Demand box', 'Financial']) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
});
