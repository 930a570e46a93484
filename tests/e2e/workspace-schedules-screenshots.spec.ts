import type { Page } from '@playwright/test';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { expect, loginAs, ready, test } from './fixtures';
import { FIRM_PASSWORD, firmWithProject, scheduleThroughApi } from './workspace-data';

/**
 * Screenshots of the schedules for review (docs/screenshots/workspace-schedules-*.png): the list,
 * the add panel, a card's Edit form, an inline edit and the page of one schedule, at 1280 and
 * 375 px. Runs only when asked: SCREENSHOTS=1 E2E_PORT=3800 npx playwright test workspace-schedules-screenshots
 */

const SCHEDULES = [
  { title: 'Lighting layout', description: 'Warm 2700 K downlights on dimmers, a linear pendant over the dining table and LED strips under the wall units.', scenes: 3 },
  { title: 'Kitchen joinery', description: 'Handle-less cabinets in matt sage laminate, a honed quartz worktop and brushed-brass fittings. Installation after the electrical first fix.', scenes: 1 },
  { title: 'Living room finishes', description: 'Oak flooring in a natural oil finish, lime-plaster walls in warm white and linen curtains.', scenes: 2 },
  { title: 'Bathroom tiles and sanitaryware', description: 'Terrazzo floor tiles, a wall-hung basin and a walk-in shower with a linear drain.', scenes: 0 },
];

async function open(page: Page, js: boolean, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 860 : 812 });
  await page.goto(url);
  await ready(page, js);
  // Every image of the page loaded (they stream from the api through the web).
  await expect
    .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
}

async function world(page: Page) {
  const { firm, project } = await firmWithProject({ firmName: 'Mehra & Iyer Interiors', projectName: 'Lakeview Apartment' });
  const { token } = await loginAs(page, firm.email, FIRM_PASSWORD);
  const ids: string[] = [];
  for (const [n, s] of [...SCHEDULES].reverse().entries()) {
    const images = await Promise.all(Array.from({ length: s.scenes }, (_, i) => placeholderImage({ scene: 'interior', seed: n * 5 + i + 2, width: 1200, height: 900 })));
    ids.push((await scheduleThroughApi(token, project.id, { title: s.title, description: s.description, images })).id);
  }
  return { project, ids: ids.reverse() };
}

test('workspace schedules', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const shot = (name: string) => page.screenshot({ path: `docs/screenshots/workspace-schedules-${name}.png`, fullPage: true });
  const { project, ids } = await world(page);
  const list = `/workspace/project/schedules/${project.id}`;
  for (const width of [1280, 375]) {
    await open(page, js, list, width);
    await shot(`list-${width}`);
    await open(page, js, `${list}?panel=add`, width);
    await shot(`add-panel-${width}`);
    await open(page, js, `/workspace/project/schedules/summary-financial/${project.id}?schedule=${ids[0]}`, width);
    await shot(`schedule-${width}`);
  }
  await open(page, js, list, 1280);
  await page.getByTestId('schedule-card').first().getByTestId('schedule-description').dblclick();
  await page.screenshot({ path: 'docs/screenshots/workspace-schedules-inline-edit-1280.png' });
  const empty = await firmWithProject({ projectName: 'Hillside Clinic' });
  await loginAs(page, empty.firm.email, FIRM_PASSWORD);
  await open(page, js, `/workspace/project/schedules/${empty.project.id}`, 1280);
  await shot('empty-1280');
});

test('workspace schedules without JavaScript', { tag: ['@no-js-only', '@on-demand'] }, async ({ page, js }) => {
  const { project, ids } = await world(page);
  for (const width of [1280, 375]) {
    await open(page, js, `/workspace/project/schedules/${project.id}?edit=${ids[1]}`, width);
    await page.screenshot({ path: `docs/screenshots/workspace-schedules-edit-form-${width}-nojs.png`, fullPage: true });
  }
});
