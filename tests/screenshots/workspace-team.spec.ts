import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the employees page and its panel, the task board and the calendar at 1280 and
 * 375 px, for review (screenshots/team-*). The demo firm has an employee and a few tasks due
 * around today (server/seed/tasks.ts). Runs only when asked:
 * npm run screenshots -- workspace-team
 */

async function open(page: Page, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
  await page.goto(url);
  await ready(page, true);
}

test('team pages', { tag: ['@js-only', '@on-demand'] }, async ({ page }) => {
  test.setTimeout(90_000);
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/team-${name}.png`, fullPage: true });
  await loginAs(page, DEMO.firm);
  for (const width of [1280, 375]) {
    await open(page, '/workspace/employee', width);
    await expect(page.getByTestId('employee-row').first()).toBeVisible();
    await shot(`employees-${width}`);
    await open(page, '/workspace/employee?panel=new', width);
    await page.getByTestId('employee-panel').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/team-employee-panel-${width}.png` });
    await open(page, '/workspace/taskboard', width);
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    await shot(`taskboard-${width}`);
    await open(page, '/workspace/taskboard?panel=new', width);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/team-add-task-${width}.png` });
    await open(page, '/workspace/calendar', width);
    await shot(`calendar-${width}`);
  }
  // The employee's own board: its To Do with Submit, and a rejection's reason.
  await loginAs(page, 'priya@studio.demo.test');
  await open(page, '/workspace/taskboard', 1280);
  await shot('taskboard-employee-1280');
});
