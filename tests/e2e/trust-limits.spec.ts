import { openE2EDatabase } from './database';
import { createFirm } from '../../server/seed/factories';
import { createLead } from '../../server/seed/leads';
import { apiCall, expect, loginAs, ready, test } from './fixtures';
import { addMember, createEmployeeAccount, createProject, newFirm } from './workspace-helpers';

/**
 * Trust and limits (issue 27 items 4 to 6), with JavaScript and without: a flood's enquiries wait
 * under the demand box's Spam filter; a link made by a person who left shows on the Client Board
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

test('probable spam waits under the Spam filter, out of the inbox', async ({ page, js }) => {
  const firm = await withDatabase(async (db) => {
    const email = `spam-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
    const row = await createFirm(db, { firmName: 'Flooded Studio', email, password: PASSWORD });
    await createLead(db, row.id, { name: 'Real Visitor', message: 'A kitchen in Pune, about 150 sq ft, this winter.' });
    await createLead(db, row.id, { name: 'Flood Bot', message: 'Buy cheap followers now, limited offer.', isSpam: true });
    return row;
  });
  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Real Visitor' })).toBeVisible();
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Flood Bot' })).toHaveCount(0);
  await page.getByTestId('spam-filter').click();
  await expect(page).toHaveURL(/view=spam/);
  await expect(page.getByText('Probable spam')).toBeVisible();
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Flood Bot' })).toBeVisible();
  await expect(page.getByTestId('lead-row').filter({ hasText: 'Real Visitor' })).toHaveCount(0);
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
