import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoSidewaysScroll, loginAs, ready, test } from './fixtures';

const HEX_ID = '0123456789abcdef01234567';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('workspace shell', () => {
  test('a firm clicks Workspace and finds its sidebar and the project page', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto('/explore');
    await ready(page, js);
    await header(page).getByRole('link', { name: 'Workspace', exact: true }).click();
    await expect(page).toHaveURL(/\/workspace\/project$/);

    await expect(page.getByTestId('workspace-firm-name')).toHaveText('Mehta Studio Architects');
    // Only the links whose pages exist: no link leads to a placeholder.
    await expect(sidebar(page).getByRole('link')).toHaveText([
      'Project',
      'Employee',
      'Taskboard',
      'Demand box',
      'Reviews',
      'Calendar',
      'Timesheet',
      // Its unread count follows the decisions other journeys' clients make on the demo firm.
      /^Client Board/,
      'Project Library',
      'Address Book',
      'Financial',
      'Invoices',
      'Group Chat',
      'Setting',
      'Showcase',
    ]);
    await expect(sidebar(page).getByRole('link', { name: 'Project', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).getByRole('link', { name: 'Showcase' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    // The demo firm's workspace projects (server/seed/workspace.ts).
    await expect(page.getByTestId('workspace-project-card')).toHaveText([/Baner Public Library/, /Koregaon Park Residence/]);
    await expect(crumbs(page)).toHaveText(['Workspace', 'Projects']);
    // A top-level page has no back button.
    await expect(page.getByTestId('workspace-back')).toHaveCount(0);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);

    await sidebar(page).getByRole('link', { name: 'Showcase' }).click();
    // A signed-in visitor of / is sent on to /explore (spec).
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('/workspace opens the project list', async ({ page, js }) => {
    await loginAs(page, DEMO.interiorFirm);
    await page.goto('/workspace');
    await ready(page, js);
    await expect(page).toHaveURL(/\/workspace\/project$/);
    await expect(page.getByTestId('workspace-firm-name')).toHaveText('Sethi Interiors');
  });

  test('the breadcrumb hides ids, and a page no route answers is a 404 inside the shell', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    const response = await page.goto(`/workspace/project/files/${HEX_ID}`);
    expect(response?.status()).toBe(404);
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Project', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(crumbs(page)).toHaveText(['Workspace', 'Projects', 'Files']);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText(HEX_ID);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'href',
      '/workspace/project'
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText('Files');

    // Opened directly, Back leads to the parent page (with JavaScript too: no earlier page in the app).
    await page.getByTestId('workspace-back').click();
    await expect(page).toHaveURL(/\/workspace\/project$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');

    await page.goto('/workspace/42/no-such-page');
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Workspace', 'No such page']);
    await page.getByRole('link', { name: 'Go to your projects' }).click();
    await expect(page).toHaveURL(/\/workspace\/project$/);
  });

  test('an explorer and a visitor are sent away from every workspace path', async ({ page, js }) => {
    for (const path of ['/workspace', '/workspace/project', '/workspace/no-such-page']) {
      await page.goto(path);
      await ready(page, js);
      await expect(page, path).toHaveURL(/\/$/);
    }
    await loginAs(page, DEMO.explorer);
    for (const path of ['/workspace', '/workspace/project', `/workspace/project/files/${HEX_ID}`, '/workspace/no-such-page']) {
      await page.goto(path);
      await ready(page, js);
      await expect(page, path).toHaveURL(/\/explore$/);
    }
    await expect(sidebar(page)).toHaveCount(0);
  });
});

test.describe('workspace drawer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens the sidebar as a drawer (also without JavaScript) and following a link closes it', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto(`/workspace/project/files/${HEX_ID}`);
    await ready(page, js);
    await expect(sidebar(page)).toBeHidden();
    await page.getByTestId('workspace-menu-button').click();
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Workspace menu' })).toBeChecked();

    // The close button and a tap beside the drawer close it.
    await page.locator('label.ws-drawer-close').click();
    await expect(sidebar(page)).toBeHidden();
    await page.getByTestId('workspace-menu-button').click();
    await expect(sidebar(page)).toBeVisible();
    await page.mouse.click(360, 400);
    await expect(sidebar(page)).toBeHidden();

    await page.getByTestId('workspace-menu-button').click();
    await sidebar(page).getByRole('link', { name: 'Project', exact: true }).click();
    await expect(page).toHaveURL(/\/workspace\/project$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    await expect(sidebar(page)).toBeHidden();
    // Nothing is wider than the phone.
    await expectNoSidewaysScroll(page);
  });

  test('the drawer opens from the keyboard; Escape closes it', { tag: '@js-only' }, async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto('/workspace/project');
    await ready(page, js);
    const toggle = page.getByRole('checkbox', { name: 'Workspace menu' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(sidebar(page)).toBeVisible();
    // Focus moves to the current page's link.
    await expect(sidebar(page).getByRole('link', { name: 'Project', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
