import { openE2EDatabase } from './database';
import { createFirm, createPublicProject } from '../../server/seed/factories';
import { apiCall, DEMO, DEMO_PASSWORD, expect, loginAs, ready, test } from './fixtures';
import { adminLoginThroughForm, uniqueSuffix } from './firm-helpers';

/**
 * The firm's plan and the admin areas (decisions 125–128), with JavaScript on and off: a firm starts its free trial and sees the days
 * left; the super-admin marks a subscription request paid, hides a public project and shows it again.
 */

/** An approved firm with one public project, made with the factories (the public side needs an approved firm). */
async function approvedFirmWithProject(name: string) {
  const database = await openE2EDatabase();
  try {
    const suffix = uniqueSuffix();
    const firm = await createFirm(database.db, { firmName: `${name} ${suffix}`, email: `plan-${suffix}@example.test`, password: 'secret123' });
    const project = await createPublicProject({ db: database.db, storage: undefined as never }, firm.id, { projectName: `Courtyard ${suffix}`, images: [] });
    return { firm, project };
  } finally {
    await database.close();
  }
}

test.describe('pricing and the admin areas', () => {
  test('a firm starts its free trial and sees the days left; the header follows the plan', async ({ page, js }) => {
    const { firm } = await approvedFirmWithProject('Trial Studio');
    await loginAs(page, firm.email, 'secret123');
    await page.goto('/workspace/project');
    await ready(page, js);
    // No plan yet: the header's link is Pricing, the sidebar offers the trial.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(page.getByTestId('plan-badge')).toHaveText('Free trial available');

    await page.getByTestId('plan-badge').click();
    await expect(page).toHaveURL(/\/workspace\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Archivista for firms' })).toBeVisible();
    for (const feature of ['Empowering Connections', 'Schedules & Task Board', 'Integrated Calendar']) await expect(page.getByText(feature, { exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-price')).toHaveText('3,000');

    await page.getByTestId('start-trial').click();
    await expect(page.getByTestId('plan-status')).toHaveText('Free trial · 30 days left');
    await expect(page.getByTestId('plan-badge')).toHaveText('Free trial · 30 days left');
    await expect(page.getByTestId('start-trial')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Workspace' })).toBeVisible();

    // The trial runs once: asking the api again is refused with a clear message.
    const { token } = await loginAs(page, firm.email, 'secret123');
    const again = await apiCall<{ message: string }>('POST', '/workspace/plan/trial', undefined, token);
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('already used its free trial');
  });

  test('the super-admin marks a subscription paid, hides a project and shows it again', async ({ page, js }) => {
    const { firm, project } = await approvedFirmWithProject('Paying Studio');
    const login = await apiCall<{ token: string }>('POST', '/users/login', { email: firm.email, password: 'secret123' });
    const firmToken = login.json.token;
    expect((await apiCall('POST', '/workspace/plan/request', undefined, firmToken)).status).toBe(200);

    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workspace' }).click();
    await expect(page).toHaveURL(/\/admin\/workspace$/);
    await page.getByRole('link', { name: 'Requests' }).click();
    // The search keeps the tab the page shows: searched before the Requests list arrived (a loaded
    // machine), it searched every firm, and the paid firm stayed in that list.
    await expect(page).toHaveURL(/filter=requests/);
    await expect(page.getByRole('heading', { name: /^Requests/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search firms' }).fill(firm.firmName!);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/filter=requests.*search=|search=.*filter=requests/);
    const row = page.getByTestId('admin-firm-row').filter({ hasText: firm.firmName! });
    await expect(row.getByTestId('request-pending')).toBeVisible();
    const until = `${new Date().getUTCFullYear() + 1}-06-30`;
    await row.getByTestId('paid-until').fill(until);
    await row.getByTestId('mark-paid').click();
    await expect(page.getByText(`${firm.firmName} is paid until 30 Jun ${new Date().getUTCFullYear() + 1}`)).toBeVisible();
    // Paid: it left the Requests list; the firm sees its paid-until date.
    await expect(row).toHaveCount(0);
    const plan = await apiCall<{ data: { state: string; paidUntil: string } }>('GET', '/workspace/plan', undefined, firmToken);
    expect(plan.json.data.state).toBe('paid');
    expect(plan.json.data.paidUntil.slice(0, 10)).toBe(until);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Showcase' }).click();
    // With JavaScript the link is a client-side navigation: the Workspace page's "Search firms" box
    // stays until it ends, and a fill before then goes to it.
    await expect(page).toHaveURL(/\/admin\/showcase$/);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(project.projectName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const projectRow = page.getByTestId('moderation-project-row').filter({ hasText: project.projectName });
    await expect(projectRow.getByText('Visible')).toBeVisible();
    await projectRow.getByTestId('hide').click();
    await projectRow.getByTestId('hide-reason').fill('Photographs used without permission');
    await projectRow.getByTestId('confirm-hide').click();
    await expect(projectRow.getByText('Photographs used without permission', { exact: false })).toBeVisible();
    expect((await apiCall('GET', `/projects/public-project/${project.id}`)).status).toBe(404);
    const explore = await apiCall<{ projects: Array<{ id: string }> }>('GET', '/projects/explore?limit=50');
    expect(explore.json.projects.map((p) => p.id)).not.toContain(project.id);

    await projectRow.getByTestId('show').click();
    await expect(projectRow.getByText('Visible')).toBeVisible();
    expect((await apiCall('GET', `/projects/public-project/${project.id}`)).status).toBe(200);
  });
});
