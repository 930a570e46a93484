import { openE2EDatabase } from './database';
import { createFirm } from '../../server/seed/factories';
import { createLead } from '../../server/seed/leads';
import { ADDRESS_MESSAGES } from '../../server/contract/address-confirmation';
import { apiCall, expect, lastMailTo, loginAs, ready, registerUser, test } from './fixtures';
import { addMember, createEmployeeAccount, createProject, newFirm } from './workspace-helpers';

/**
 * Trust and limits, with JavaScript and without: a burst's enquiries wait
 * under the demand box's Held list until the firm releases them (docs/decisions/340); a link made by a person who left shows on the Client Board
 * as revoked, with who and why; Setting shows the firm's storage used of its quota.
 */

const PASSWORD = 'secret123';

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openE2EDatabase>>['db']) => Promise<T>) {
  const database = await openE2EDatabase();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

test('a held enquiry waits under Held, out of the inbox, and the firm releases it to the inbox with one click', async ({ page, js }) => {
  const firm = await withDatabase(async (db) => {
    const email = `held-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
    const row = await createFirm(db, { firmName: 'Flooded Studio', email, password: PASSWORD });
    await createLead(db, row.id, { name: 'Real Visitor', message: 'A kitchen in Pune, about 150 sq ft, this winter.' });
    await createLead(db, row.id, { name: 'Burst Sender', message: 'We would like a small terrace garden designed for our flat.', isHeld: true, awaitingDigest: true });
    return row;
  });
  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Real Visitor' })).toBeVisible();
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Burst Sender' })).toHaveCount(0);

  await page.getByTestId('held-filter').click();
  await expect(page).toHaveURL(/view=held/);
  await expect(page.getByText('came in a burst from new senders')).toBeVisible();
  const held = page.getByTestId('lead-row').filter({ hasText: 'Burst Sender' });
  await expect(held.getByTestId('held-badge')).toHaveText('Held');
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Real Visitor' })).toHaveCount(0);

  // One click, a plain form post: it works without JavaScript too.
  await held.getByRole('button', { name: 'Release to inbox: Burst Sender' }).click();
  await expect(page.getByText('Enquiry released to your inbox')).toBeVisible();
  await expect(page).toHaveURL(/view=held/);
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Burst Sender' })).toHaveCount(0);
  await expect(page.getByText('Nothing held.')).toBeVisible();

  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  const released = page.getByTestId('lead-row').filter({ hasText: 'Burst Sender' });
  await expect(released).toBeVisible();
  await expect(released.getByTestId('held-badge')).toHaveCount(0);
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Real Visitor' })).toBeVisible();
});

test("the sign-up mail's link proves the address with one button; a used link says so", async ({ page, js }) => {
  const { email } = await registerUser();
  const token = /\/confirm-address\/([\w-]+)/.exec((await lastMailTo(email, 'Confirm your email address')).text)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/confirm-address/${token}`);
  await ready(page, js);
  await page.getByTestId('confirm-address-yes').click();
  await expect(page.getByText(ADDRESS_MESSAGES.confirmed)).toBeVisible();
  await page.goto(`/confirm-address/${token}`);
  await ready(page, js);
  await page.getByTestId('confirm-address-yes').click();
  await expect(page.getByTestId('confirm-address-error')).toContainText(ADDRESS_MESSAGES.invalid);
});

test('a link made by an employee who was deactivated shows revoked on the Client Board, with who and why', async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: 'Harbour Flat' });
  const employee = await createEmployeeAccount(firm.user.id, { userName: `Kiran Leaving ${js ? 'JS' : 'HTML'}`, password: PASSWORD });
  await addMember(firm.token, project.id, { name: employee.userName, email: employee.email });
  const login = await apiCall<{ token: string }>('POST', '/users/login', { email: employee.email, password: PASSWORD });
  const schedule = await apiCall<{ data: { id: string } }>('POST', '/projects/schedules', { projectId: project.id, title: 'Living room', description: 'Sofas' }, login.json.token);
  expect(schedule.status).toBe(201);
  const link = await apiCall('POST', `/projects/schedules/${schedule.json.data.id}/share-links`, { clientName: 'Mrs Desai' }, login.json.token);
  expect(link.status).toBe(201);
  expect((await apiCall('POST', `/employees/${employee.id}/deactivate`, undefined, firm.token)).status).toBe(200);

  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/client-board');
  await ready(page, js);
  await expect(page.getByTestId('open-link')).toHaveCount(0);
  const revoked = page.getByTestId('revoked-link').filter({ hasText: 'Mrs Desai' });
  await expect(revoked).toBeVisible();
  await expect(revoked).toContainText(employee.userName);
  await expect(revoked.getByTestId('revoked-why')).toContainText(`${employee.userName} was deactivated`);
});

test("Setting shows the firm's storage used of its quota, with a bar", async ({ page, js }) => {
  const firm = await newFirm();
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/setting');
  await ready(page, js);
  const card = page.getByTestId('storage-card');
  await expect(card.getByRole('heading', { name: 'Storage' })).toBeVisible();
  await expect(card.getByTestId('storage-used')).toHaveText('0 bytes of 5 GB used');
  await expect(card.getByTestId('storage-bar')).toHaveAttribute('value', '0');
});
