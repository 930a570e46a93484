import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../e2e/fixtures';
import { openForScreenshot } from './helpers';
import { createProject } from '../e2e/workspace-helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the schedules for review (screenshots/workspace-schedules-*.png), on the demo
 * data (Sethi Interiors' clinic and its seeded schedules): the list, the add panel, an inline edit,
 * a card's Edit form (without JavaScript), the page of one schedule and an empty project, at 1280
 * and 375 px. Runs only when asked: npm run screenshots -- workspace-schedules
 */


/** The clinic's schedules page, found from the project list as a person would. */
async function clinicSchedules(page: Page, js: boolean) {
  await loginAs(page, DEMO.interiorFirm);
  await openForScreenshot(page, js, '/workspace/project', 1280);
  return page.getByRole('link', { name: 'Schedules of Indiranagar Dental Clinic' }).getAttribute('href') as Promise<string>;
}

test('workspace schedules', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const shot = (name: string, fullPage = true) => page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-schedules-${name}.png`, fullPage });
  const list = await clinicSchedules(page, js);
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, list, width);
    await shot(`list-${width}`);
    await openForScreenshot(page, js, `${list}?panel=add`, width);
    // The panel covers the screen's height: the visible screen is what a person sees.
    await shot(`add-panel-${width}`, false);
    await openForScreenshot(page, js, list, width);
    await page.getByTestId('schedule-card').first().getByTestId('schedule-description').click();
    await expect(page.getByTestId('schedule-detail')).toBeVisible();
    await openForScreenshot(page, js, page.url(), width);
    await shot(`schedule-${width}`);
  }
  await openForScreenshot(page, js, list, 1280);
  await page.getByTestId('schedule-card').first().getByTestId('schedule-description').dblclick();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-schedules-inline-edit-1280.png` });

  const { token } = await loginAs(page, DEMO.interiorFirm);
  const empty = await createProject(token, { projectName: 'Koramangala Café', projecttype: 'interior-commercial' });
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, `/workspace/project/schedules/${empty.id}`, width);
    await shot(`empty-${width}`);
  }
});

test('workspace schedules without JavaScript', { tag: ['@no-js-only', '@on-demand'] }, async ({ page, js }) => {
  const list = await clinicSchedules(page, js);
  const id = await page.goto(list).then(() => page.getByTestId('schedule-card').nth(1).getAttribute('data-schedule-id'));
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, `${list}?edit=${id}`, width);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-schedules-edit-form-${width}-nojs.png`, fullPage: true });
  }
});
