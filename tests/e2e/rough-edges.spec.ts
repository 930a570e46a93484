import { openE2EDatabase } from './database';
import { createFirm, createPublicProject } from '../../server/seed/factories';
import { DEMO, expect, lastMailTo, loginAs, loginAsAdmin, ready, test } from './fixtures';
import { uniqueSuffix } from './firm-helpers';
import { createEmployeeAccount, createProject, newFirm } from './workspace-helpers';
import { scheduleThroughApi } from './schedule-helpers';
import { isoDateTime, isoDay } from '../../server/contract/dates';

/**
 * Rough edges a new firm met, each with JavaScript on and off: the sub-admin form
 * after a success, the admin list's range, a hidden project's reason for its firm, the product's one
 * name, a task refused for someone outside its project, and the firm's time zone (decision 265).
 */

test('a sub-admin created after a refused try leaves the form empty, without the old messages', async ({ page, js }) => {
  await loginAsAdmin(page, DEMO.admin);
  await page.goto('/admin/sub-admins');
  await ready(page, js);
  const create = page.getByTestId('create-admin');
  await create.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const suffix = uniqueSuffix();
  await page.getByLabel('Name').fill(`Second Admin ${suffix}`);
  await page.getByLabel('Email').fill(`second-${suffix}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret1234');
  await create.click();
  await expect(page.getByRole('cell', { name: `second-${suffix}@example.test` })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByText(/is required/)).toHaveCount(0);
});

test('the verification list’s range sits inside the panel’s padding', async ({ page, js }) => {
  await loginAsAdmin(page, DEMO.admin);
  await page.goto('/admin/dashboard?status=all');
  await ready(page, js);
  const range = page.locator('.admin-panel > .paging');
  await expect(range).toContainText(/registration/);
  const padding = await range.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
  expect(padding).toBeGreaterThanOrEqual(16);
});

test('a project the super-admin hides: its firm gets a mail with the reason and sees it on its own card', async ({ page, js }) => {
  const database = await openE2EDatabase();
  const suffix = uniqueSuffix();
  const { firm, project } = await (async () => {
    try {
      const firm = await createFirm(database.db, { firmName: `Hidden Works ${suffix}`, email: `hidden-${suffix}@example.test`, password: 'secret123' });
      const project = await createPublicProject({ db: database.db, storage: undefined as never }, firm.id, { projectName: `Lantern ${suffix}`, images: [] });
      return { firm, project };
    } finally {
      await database.close();
    }
  })();
  await loginAsAdmin(page, DEMO.admin);
  await page.goto('/admin/showcase');
  await ready(page, js);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(project.projectName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('moderation-project-row').filter({ hasText: project.projectName });
  await row.getByTestId('hide').click();
  await row.getByTestId('hide-reason').fill('Photographs used without permission');
  await row.getByTestId('confirm-hide').click();
  await expect(row.getByText('Photographs used without permission', { exact: false })).toBeVisible();

  const mail = await lastMailTo(firm.email);
  expect(mail.subject).toContain(project.projectName);
  expect(mail.text).toContain('Reason: Photographs used without permission');

  await loginAs(page, firm.email, 'secret123');
  await page.goto('/portfolio');
  await ready(page, js);
  const card = page.getByTestId('project-card').filter({ hasText: project.projectName });
  await expect(card.getByTestId('hidden-reason')).toContainText('Photographs used without permission');
  // The public page of the firm neither lists it nor says why.
  await page.goto(`/firms/${firm.id}`);
  await expect(page.getByText('Photographs used without permission')).toHaveCount(0);
});

test('one product name: page titles, header and the footer’s Powered By line', async ({ page, js }) => {
  const firm = await newFirm();
  await loginAs(page, firm.email, firm.password);
  await page.goto('/firms');
  await ready(page, js);
  await expect(page).toHaveTitle('Firms — Archivista');
  await expect(page.locator('.site-footer .powered')).toHaveText('Powered By Archivista © 2024');
  await expect(page.getByText('Archivista Store')).toHaveCount(0);
});

test('a task for an employee outside its project is refused with a clear message', async ({ page, js }) => {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: `Korega ${uniqueSuffix()}` });
  const outsider = await createEmployeeAccount(firm.user.id, { userName: 'Olu Outside', password: 'secret12' });
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  await page.getByTestId('add-task').click();
  const panel = page.getByTestId('task-panel');
  await panel.getByLabel('Project').selectOption({ label: project.projectName });
  await panel.getByRole('checkbox', { name: new RegExp(outsider.userName) }).check();
  await panel.getByLabel('Title').fill('Door schedule');
  await panel.getByLabel('Description').fill('List every door with its size');
  await panel.getByLabel('Files').setInputFiles([{ name: 'doors.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%doors\n') }]);
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('task-panel').getByText('Olu Outside is not a member of this project: add them on its Members tab first')).toBeVisible();
});

// Decisions 265 and 297: the saved zone comes back after a reload (the web refreshes its
// copy of the viewer when the api's version differs), and the CSV is dated in it.
test('a firm in another time zone sets it in Setting and gets its CSV dated in it', async ({ page, js }) => {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: `Zone ${uniqueSuffix()}` });
  const schedule = (await scheduleThroughApi(firm.token, project.id, { title: 'Hall lights', description: 'Pendants', images: [] })) as { id: string; title: string; createdAt: string };
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/setting');
  await ready(page, js);
  const card = page.getByTestId('time-zone-card');
  await expect(card.getByLabel('Time zone')).toHaveValue('Asia/Kolkata');
  await card.getByLabel('Time zone').selectOption('America/New_York');
  await card.getByTestId('save-time-zone').click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
  await expect(page.getByTestId('time-zone-card').getByLabel('Time zone')).toHaveValue('America/New_York');
  await page.reload();
  await ready(page, js);
  await expect(page.getByTestId('time-zone-card').getByLabel('Time zone')).toHaveValue('America/New_York');

  await page.goto('/workspace/project/schedules/Financial');
  await ready(page, js);
  const csv = await page.request.get((await page.getByTestId('financial-csv').getAttribute('href')) as string);
  const now = new Date();
  // The file's day and the rows' times are New York's, not India's nor UTC's.
  expect(csv.headers()['content-disposition']).toContain(`financial-overview-${isoDay(now, 'America/New_York')}.csv`);
  const body = await csv.text();
  expect(body).toContain('"Schedule created (America/New_York)"');
  const row = body.split('\r\n').find((line) => line.includes(schedule.title))!;
  const stamp = /"(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"$/.exec(row)?.[1];
  const created = new Date(schedule.createdAt);
  expect(stamp).toBe(isoDateTime(created, 'America/New_York'));
});
