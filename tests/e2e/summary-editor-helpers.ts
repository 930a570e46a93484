import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, ready } from './fixtures';
import { firmWithProject, scheduleThroughApi } from './schedule-helpers';
import { firmWithSummary } from './summary-output-helpers';

/** Opens an item of the summary editor for editing (its Edit link): the editor draws one row's controls and fields at a time (decision 250). */
export async function openItem(item: Locator) {
  await item.getByTestId('edit-item').click();
  await expect(item.getByTestId('close-item')).toBeVisible();
}

/** Opens a section for editing: its status, copy, moves, cards, library and "Move to room". */
export async function openSectionCard(section: Locator) {
  await section.getByTestId('edit-section').click();
  await expect(section.getByTestId('close-section')).toBeVisible();
}

export const sections = (page: Page) => page.getByTestId('summary-section');
export const section = (page: Page, title: string) => sections(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
export const items = (scope: Locator) => scope.getByTestId('summary-item');
export const toast = (page: Page) => page.getByTestId('toast');

/** Opens a section, by its title, for editing (decision 250). */
export const openSection = (page: Page, title: string) => openSectionCard(section(page, title));

export async function setup(page: Page, js: boolean) {
  const { firm, project } = await firmWithProject({ projectName: 'Juhu Sea-facing Flat' });
  const schedule = await scheduleThroughApi(firm.token, project.id, { title: 'Living and kitchen', description: 'The main rooms.', images: [] });
  await loginAs(page, firm.email, firm.password);
  const url = `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`;
  await page.goto(url);
  await ready(page, js);
  return { firm, project, schedule, url };
}

export async function addRoom(page: Page, name: string) {
  await page.getByTestId('new-room-name').fill(name);
  await page.getByTestId('new-room').click();
  await expect(page.getByTestId('room-selector').getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

export async function addSection(page: Page, title: string) {
  await page.locator('#new-section').fill(title);
  await page.getByTestId('add-section').click();
  await expect(section(page, title)).toBeVisible();
}

/** The editor's save of a drop (the fetcher's post). */
export const moveSaved = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/summary-financial/') && (r.request().postData() ?? '').includes('move'));

/**
 * Drags `grip` onto `target` (its centre, or `at.top` px below its top) with the mouse, in small
 * steps as a hand would (the drag starts after 6 px), and waits for the save: the page shows a drop
 * at once and saves it in the background, so a reload right after could cut the save off.
 */
export async function drag(page: Page, grip: Locator, target: Locator, at?: { top: number }) {
  const saved = moveSaved(page);
  const from = (await grip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + (at ? at.top : to.height / 2), { steps: 12 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
}

/** The order of a section's item types, as shown. */
export const typesIn = (scope: Locator) => items(scope).evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));

/**
 * A firm's furnished summary (firmWithSummary) open in the editor with `query` (`edit=1`,
 * `tab=financial`), signed in as the firm; with the Seating section's armchair and labour items and
 * the Lighting description.
 */
export async function openSummary(page: Page, js: boolean, query: string) {
  const made = await firmWithSummary();
  await loginAs(page, made.firm.email, made.firm.password);
  await page.goto(`/workspace/project/schedules/summary-financial/${made.project.id}?schedule=${made.schedule.id}&${query}`);
  await ready(page, js);
  const [armchairId, labourId] = made.tree.rooms[0]!.sections[0]!.items as [string, string];
  return {
    ...made,
    armchairId,
    labourId,
    armchair: page.locator(`#row-${armchairId}`),
    labour: page.locator(`#row-${labourId}`),
    lighting: section(page, 'Lighting').locator('[data-type="description"]'),
  };
}

/**
 * Save all, then each card's quantity as the api answers it: after a reload, as with JavaScript the
 * fields would keep what was typed either way.
 */
export async function saveAllAndReadQuantities(page: Page, js: boolean, cards: Locator[]) {
  await page.getByTestId('save-all').click();
  await expect(toast(page)).toHaveText('Saved');
  // Saved, the fields close: Edit all figures again to read them.
  await page.getByTestId('edit-all').click();
  await ready(page, js);
  return Promise.all(cards.map((card) => card.getByTestId('money-quantity').inputValue()));
}
