import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { apiCall, DEMO, expect, expectNoSidewaysScroll, loginAs, postsDuring, ready, test } from './fixtures';
import { firmWithProject, scheduleThroughApi } from './schedule-helpers';
import { firmWithSummary } from './summary-output-helpers';
import { openItem, openSectionCard } from './summary-editor-helpers';
import { formatPaise, SUMMARY_MESSAGES } from '../../server/contract/summary-rules';
import type { SummaryJson } from '../../server/contract/summary';
import { SCREENSHOT_DIR } from './env';

/**
 * The summary and financial editor (workspace-and-admin.md screen 7), with JavaScript and without:
 * build a schedule's summary with two rooms, sections and one item of each type, reorder (drag
 * with JavaScript, Move buttons without), set statuses, edit financial figures and see the totals,
 * edit all descriptions and Save all, pick an image, delete with the spec's confirmation.
 */

const sections = (page: Page) => page.getByTestId('summary-section');
const section = (page: Page, title: string) => sections(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const items = (scope: Locator) => scope.getByTestId('summary-item');
const toast = (page: Page) => page.getByTestId('toast');

/** Opens a section, by its title, for editing (decision 250). */
const openSection = (page: Page, title: string) => openSectionCard(section(page, title));

async function setup(page: Page, js: boolean) {
  const { firm, project } = await firmWithProject({ projectName: 'Juhu Sea-facing Flat' });
  const schedule = await scheduleThroughApi(firm.token, project.id, { title: 'Living and kitchen', description: 'The main rooms.', images: [] });
  await loginAs(page, firm.email, firm.password);
  const url = `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`;
  await page.goto(url);
  await ready(page, js);
  return { firm, project, schedule, url };
}

async function addRoom(page: Page, name: string) {
  await page.getByTestId('new-room-name').fill(name);
  await page.getByTestId('new-room').click();
  await expect(page.getByTestId('room-selector').getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

async function addSection(page: Page, title: string) {
  await page.locator('#new-section').fill(title);
  await page.getByTestId('add-section').click();
  await expect(section(page, title)).toBeVisible();
}

/** The editor's save of a drop (the fetcher's post). */
const moveSaved = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/summary-financial/') && (r.request().postData() ?? '').includes('move'));

/**
 * Drags `grip` onto `target` (its centre, or `at.top` px below its top) with the mouse, in small
 * steps as a hand would (the drag starts after 6 px), and waits for the save: the page shows a drop
 * at once and saves it in the background, so a reload right after could cut the save off.
 */
async function drag(page: Page, grip: Locator, target: Locator, at?: { top: number }) {
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
const typesIn = (scope: Locator) => items(scope).evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));

/**
 * A firm's furnished summary (firmWithSummary) open in the editor with `query` (`edit=1`,
 * `tab=financial`), signed in as the firm; with the Seating section's armchair and labour items and
 * the Lighting description.
 */
async function openSummary(page: Page, js: boolean, query: string) {
  const made = await firmWithSummary();
  await loginAs(page, made.firm.email, made.firm.password);
  await page.goto(`/workspace/project/schedules/summary-financial/${made.project.id}?schedule=${made.schedule.id}&${query}`);
  await ready(page, js);
  const [armchairId, labourId] = made.tree.rooms[0]!.sections[0]!.items as [string, string];
  return {
    ...made,
    armchairId,
    labourId,
    armchair: page.locator(`[data-item-id="${armchairId}"]`),
    labour: page.locator(`[data-item-id="${labourId}"]`),
    lighting: section(page, 'Lighting').locator('[data-type="description"]'),
  };
}

/**
 * Save all, then each card's quantity as the api answers it: after a reload, as with JavaScript the
 * fields would keep what was typed either way.
 */
async function saveAllAndReadQuantities(page: Page, js: boolean, cards: Locator[]) {
  await page.getByTestId('save-all').click();
  await expect(toast(page)).toHaveText('Saved');
  // Saved, the fields close: Edit all figures again to read them.
  await page.getByTestId('edit-all').click();
  await ready(page, js);
  return Promise.all(cards.map((card) => card.getByTestId('money-quantity').inputValue()));
}

test.describe('summary and financial editor', () => {
  test('builds a summary: rooms, sections, one item of each type, reorder, statuses, figures and totals, Save all, delete', async ({ page, js }) => {
    test.slow();
    const { firm, schedule } = await setup(page, js);

    // New Room: the name is required.
    await page.getByTestId('new-room').click();
    await expect(page.getByText('Room name cannot be empty')).toBeVisible();
    await addRoom(page, 'Kitchen');
    await addRoom(page, 'Living room');
    await expect(page.getByTestId('room-selector').getByRole('link')).toHaveText(['Kitchen', 'Living room']);
    // A second "Kitchen" (any case) is refused on its field; renaming onto it, in a toast.
    await page.getByTestId('new-room-name').fill(' kitchen');
    await page.getByTestId('new-room').click();
    await expect(page.locator('#new-room-error')).toHaveText('This schedule already has a room with this name');
    await page.locator('#rename-room').fill('KITCHEN');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(toast(page)).toHaveText('This schedule already has a room with this name');
    await expect(page.getByTestId('room-selector').getByRole('link')).toHaveText(['Kitchen', 'Living room']);

    await addSection(page, 'Seating');
    await addSection(page, 'Lighting');
    const seating = section(page, 'Seating');
    for (const type of ['product', 'description', 'title'] as const) {
      await seating.getByTestId(`add-${type}`).click();
      await expect(items(seating).last()).toHaveAttribute('data-type', type);
    }
    expect(await typesIn(seating)).toEqual(['product', 'description', 'title']);

    // Reorder: drag the title item above the product with JavaScript; Move up twice without.
    if (js) {
      // Dropped near the first item's top, so it lands before it; the reload below finds it saved.
      await drag(page, items(seating).nth(2).getByTestId('drag-item'), items(seating).nth(0), { top: 8 });
    } else {
      await openItem(items(seating).nth(2));
      await items(seating).nth(2).getByTestId('move-up').click();
      await items(section(page, 'Seating')).nth(1).getByTestId('move-up').click();
    }
    await expect.poll(() => typesIn(section(page, 'Seating'))).toEqual(['title', 'product', 'description']);
    // Saved: a reload shows the api's order.
    await page.reload();
    await ready(page, js);
    await expect.poll(() => typesIn(section(page, 'Seating'))).toEqual(['title', 'product', 'description']);

    // Move the description to Lighting with "Move to section".
    const description = items(section(page, 'Seating')).nth(2);
    await openItem(description);
    await description.getByTestId('move-menu').click();
    await description.getByTestId('move-to-section').selectOption({ label: 'Living room · Lighting' });
    await description.getByRole('button', { name: 'Move to section' }).click();
    await expect.poll(() => typesIn(section(page, 'Lighting'))).toEqual(['description']);

    // Statuses, with the spec's colours.
    for (const [title, status] of [
      ['Seating', 'approved'],
      ['Lighting', 'in_review'],
    ] as const) {
      await openSection(page, title);
      await section(page, title).getByTestId('section-status').selectOption(status);
      if (!js) await section(page, title).getByTestId('set-status').click();
      await expect(section(page, title)).toHaveAttribute('data-status', status);
    }
    const background = await section(page, 'Seating').locator('.sm-section-head').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(230, 244, 234)');

    // Financial tab: a financial item with figures; live figures with JavaScript, the api's after Save all.
    await page.getByTestId('tab-financial').click();
    await expect(page).toHaveURL(/tab=financial/);
    await ready(page, js);
    // The add icon of a product item is hidden on the financial tab.
    await expect(page.getByTestId('image-form')).toHaveCount(0);
    await section(page, 'Seating').getByTestId('add-financial').click();
    const financial = section(page, 'Seating').locator('[data-type="financial"]');
    await expect(financial).toHaveCount(1);
    await openItem(financial);
    await financial.getByTestId('money-retailPrice').fill('1000');
    await financial.getByTestId('money-tradePrice').fill('800');
    await financial.getByTestId('money-quantity').fill('2');
    await financial.getByTestId('money-discountBp').fill('10');
    if (js) await expect(financial.getByTestId('item-figures')).toContainText('₹1,800.00');
    await page.getByTestId('save-all').click();
    await expect(toast(page)).toHaveText('Saved');
    const saved = section(page, 'Seating').locator('[data-type="financial"]');
    await expect(saved.getByTestId('item-figures')).toContainText('₹1,800.00');
    await expect(saved.getByTestId('item-figures')).toContainText('12.50 %');
    await expect(section(page, 'Seating').getByTestId('section-totals')).toContainText('₹200.00');
    await expect(page.getByTestId('schedule-totals')).toContainText('₹1,800.00');

    // Edit all descriptions, Save all: a blank required field is refused, then saved.
    await page.getByTestId('tab-summary').click();
    // With JavaScript the tab is a client navigation: "Edit all" of the Financial page still shown would open its figures.
    await expect(page).not.toHaveURL(/tab=financial/);
    await ready(page, js);
    await page.getByTestId('edit-all').click();
    const product = section(page, 'Seating').locator('[data-type="product"]');
    await product.getByLabel('Title').fill('');
    await page.getByTestId('save-all').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill all required fields before saving' })).toBeVisible();
    await section(page, 'Seating').locator('[data-type="product"]').getByLabel('Title').fill('Velvet sofa');
    await section(page, 'Seating').locator('[data-type="product"]').getByLabel('Description').fill('Deep seat, removable covers');
    await page.getByTestId('save-all').click();
    await expect(toast(page)).toHaveText('Saved');
    await expect(section(page, 'Seating').locator('[data-type="product"]')).toContainText('Velvet sofa');
    await expect(section(page, 'Seating').locator('[data-type="product"]')).toContainText('Deep seat, removable covers');

    // An image for the product; a file of another type is refused with the spec's message.
    await openItem(section(page, 'Seating').locator('[data-type="product"]'));
    const picker = section(page, 'Seating').locator('[data-type="product"]').getByTestId('image-input');
    const image = await sharp(await placeholderImage({ scene: 'interior', seed: 3, width: 320, height: 240 })).png().toBuffer();
    await picker.setInputFiles({ name: 'sofa.png', mimeType: 'image/png', buffer: image });
    if (!js) await section(page, 'Seating').locator('[data-type="product"]').getByRole('button', { name: 'Upload' }).click();
    await expect(section(page, 'Seating').locator('[data-type="product"] .sm-images img')).toHaveCount(1);
    const notes = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('hello, not a picture') };
    if (js) {
      // Refused in the browser as soon as it is chosen, by its first bytes: nothing is sent.
      const posts = await postsDuring(page, async () => {
        await product.getByTestId('image-input').setInputFiles(notes);
        await expect(product.getByTestId('image-pick-error')).toHaveText('notes.png: Only JPG, PNG or GIF allowed');
      });
      expect(posts).toEqual([]);
      // More images than the item has room for: the spec's message.
      const many = Array.from({ length: 10 }, (_, i) => ({ name: `room-${i}.png`, mimeType: 'image/png', buffer: image }));
      await product.getByTestId('image-input').setInputFiles(many);
      await expect(product.getByTestId('image-pick-error')).toHaveText('You can add only 10 images');
      await expect(product.locator('.sm-images img')).toHaveCount(1);
    } else {
      await product.getByTestId('image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await product.getByRole('button', { name: 'Upload' }).click();
      await expect(toast(page)).toHaveText('Only JPG, PNG or GIF allowed');
    }

    // Copy the title item, then delete the copy with the spec's confirmation.
    await openItem(items(section(page, 'Seating')).nth(0));
    await items(section(page, 'Seating')).nth(0).getByTestId('copy-item').click();
    await expect(items(section(page, 'Seating'))).toHaveCount(3);
    await openItem(items(section(page, 'Seating')).nth(1));
    await items(section(page, 'Seating')).nth(1).getByTestId('delete-item').click();
    // Spec, error catalogue: the summary's question is exactly this (no "You can not undo.").
    await expect(page.getByTestId('confirm-delete-dialog').locator('p').first()).toHaveText('Are you sure you want to delete this item?');
    await page.getByTestId('confirm-delete').click();
    await expect(items(section(page, 'Seating'))).toHaveCount(2);

    // Everything is kept: the api's summary has two rooms and each item once.
    const { json } = await apiCall<{ data: { rooms: Array<{ name: string; sections: Array<{ title: string; status: string; items: Array<{ type: string }> }> }> } }>(
      'GET',
      `/projects/summary/${schedule.id}`,
      undefined,
      firm.token,
    );
    expect(json.data.rooms.map((r) => r.name)).toEqual(['Kitchen', 'Living room']);
    const living = json.data.rooms[1]!.sections;
    expect(living.map((s) => [s.title, s.status, s.items.map((i) => i.type)])).toEqual([
      ['Seating', 'approved', ['title', 'product', 'financial']],
      ['Lighting', 'in_review', ['description']],
    ]);
  });

  test('moves a section to another room and reorders the rooms', async ({ page, js }) => {
    const { firm, schedule } = await setup(page, js);
    await addRoom(page, 'Kitchen');
    await addRoom(page, 'Living room');
    await addSection(page, 'Seating');
    await addSection(page, 'Lighting');
    const roomTab = (name: string) => page.getByTestId('room-tab').filter({ has: page.getByRole('link', { name, exact: true }) });
    const sectionTitles = () => sections(page).locator('h3').allTextContents();
    const roomNames = () => page.getByTestId('room-selector').getByRole('link').allTextContents();

    // Lighting to the Kitchen: dropped on the Kitchen's tab with JavaScript; "Move to room" without.
    if (js) {
      await drag(page, section(page, 'Lighting').getByTestId('drag-section'), roomTab('Kitchen'));
    } else {
      await openSection(page, 'Lighting');
      await section(page, 'Lighting').getByTestId('move-room-menu').click();
      await section(page, 'Lighting').getByTestId('move-to-room').selectOption({ label: 'Kitchen' });
      await section(page, 'Lighting').getByRole('button', { name: 'Move to room' }).click();
    }
    await expect.poll(sectionTitles).toEqual(['Seating']);
    // The same control is there with JavaScript too: Seating follows Lighting into the Kitchen.
    if (js) {
      await openSection(page, 'Seating');
      await section(page, 'Seating').getByTestId('move-room-menu').click();
      await section(page, 'Seating').getByTestId('move-to-room').selectOption({ label: 'Kitchen' });
      await section(page, 'Seating').getByRole('button', { name: 'Move to room' }).click();
      await expect.poll(sectionTitles).toEqual([]);
    }
    await page.getByTestId('room-selector').getByRole('link', { name: 'Kitchen', exact: true }).click();
    await ready(page, js);
    await expect.poll(sectionTitles).toEqual(js ? ['Lighting', 'Seating'] : ['Lighting']);

    // Rooms: Living room before the Kitchen by dragging its tab (pointer), then back by keyboard; the arrows without JavaScript.
    if (js) {
      await drag(page, roomTab('Living room').getByTestId('drag-room'), roomTab('Kitchen'));
      await expect.poll(roomNames).toEqual(['Living room', 'Kitchen']);
      await page.reload();
      await ready(page, js);
      await expect.poll(roomNames).toEqual(['Living room', 'Kitchen']);
      const saved = moveSaved(page);
      await roomTab('Living room').getByTestId('drag-room').focus();
      // A screen reader hears names, not ids.
      const liveRegion = page.locator('[id^="DndLiveRegion"]');
      await page.keyboard.press('Space');
      await expect(liveRegion).toContainText('Picked up room Living room.');
      // dnd-kit measures the rooms after the pick-up: a key pressed before that moves nothing.
      await expect(async () => {
        await page.keyboard.press('ArrowRight');
        await expect(liveRegion).toContainText('room Living room is over room Kitchen.', { timeout: 500 });
      }).toPass();
      await page.keyboard.press('Space');
      await expect(liveRegion).toContainText('room Living room was dropped on room Kitchen.');
      await expect.poll(roomNames).toEqual(['Kitchen', 'Living room']);
      expect((await saved).status()).toBe(200);
    } else {
      // The Kitchen is the current room: right, then left again.
      await page.getByRole('button', { name: 'Move room right' }).click();
      await expect.poll(roomNames).toEqual(['Living room', 'Kitchen']);
      await page.getByRole('button', { name: 'Move room left' }).click();
      await expect.poll(roomNames).toEqual(['Kitchen', 'Living room']);
    }

    // Saved: the api's summary has the rooms in that order and every section once.
    await page.reload();
    await ready(page, js);
    await expect.poll(roomNames).toEqual(['Kitchen', 'Living room']);
    const { json } = await apiCall<{ data: { rooms: Array<{ name: string; sections: Array<{ title: string }> }> } }>('GET', `/projects/summary/${schedule.id}`, undefined, firm.token);
    expect(json.data.rooms.map((r) => [r.name, r.sections.map((s) => s.title)])).toEqual(
      js
        ? [
            ['Kitchen', ['Lighting', 'Seating']],
            ['Living room', []],
          ]
        : [
            ['Kitchen', ['Lighting']],
            ['Living room', ['Seating']],
          ],
    );
  });

  test('Save all after someone else changed an item: nothing saved, that item shows their version, the rest of what was typed stays', async ({ page, js }) => {
    const { firm, armchairId, armchair, lighting } = await openSummary(page, js, 'edit=1');
    await armchair.getByRole('textbox', { name: 'Description' }).fill('Mine: teak and cane');
    await lighting.getByRole('textbox', { name: 'Description' }).fill('Mine: warm white, on dimmers');
    // Meanwhile a colleague saves the armchair.
    expect((await apiCall('PUT', `/projects/summary/items/${armchairId}`, { description: 'Theirs: oak' }, firm.token)).status).toBe(200);
    await page.getByTestId('save-all').click();
    await expect(page.getByRole('alert').filter({ hasText: SUMMARY_MESSAGES.staleInSaveAll })).toBeVisible();
    await expect(armchair.getByRole('textbox', { name: 'Description' })).toHaveValue('Theirs: oak');
    await expect(lighting.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine: warm white, on dimmers');
    await page.getByTestId('save-all').click();
    await expect(toast(page)).toHaveText('Saved');
    await expect(lighting).toContainText('Mine: warm white, on dimmers');
    await expect(armchair).toContainText('Theirs: oak');
  });

  test('Save all refused for a blank field after someone else changed another item: that item shows their change, and the next save keeps it', async ({ page, js }) => {
    const { firm, tree, armchair, lighting } = await openSummary(page, js, 'edit=1');
    await armchair.getByLabel('Title').fill('');
    // Meanwhile a colleague rewrites the lighting, which this editor shows but did not touch.
    expect((await apiCall('PUT', `/projects/summary/items/${tree.rooms[0]!.sections[1]!.items[0]}`, { description: 'Theirs: dim amber' }, firm.token)).status).toBe(200);
    await page.getByTestId('save-all').click();
    await expect(page.getByRole('alert').filter({ hasText: SUMMARY_MESSAGES.requiredFields })).toBeVisible();
    await expect(lighting.getByRole('textbox', { name: 'Description' })).toHaveValue('Theirs: dim amber');
    await armchair.getByLabel('Title').fill('Cane armchair, teak');
    await page.getByTestId('save-all').click();
    await expect(toast(page)).toHaveText('Saved');
    await expect(armchair).toContainText('Cane armchair, teak');
    await expect(lighting).toContainText('Theirs: dim amber');
  });

  test('Save all of figures after someone else changed an item: the other items keep what was typed, and their figures', async ({ page, js }) => {
    const { firm, labourId, armchair, labour } = await openSummary(page, js, 'tab=financial&edit=1');
    await armchair.getByTestId('money-quantity').fill('3');
    await labour.getByTestId('money-quantity').fill('5');
    // With JavaScript the figures follow what is typed; without it they are the api's until saved.
    const typedFigures = await armchair.getByTestId('item-figures').textContent();
    expect((await apiCall('PUT', `/projects/summary/items/${labourId}`, { quantity: 4 }, firm.token)).status).toBe(200);
    await page.getByTestId('save-all').click();
    await expect(page.getByRole('alert').filter({ hasText: SUMMARY_MESSAGES.staleInSaveAll })).toBeVisible();
    await expect(armchair.getByTestId('money-quantity')).toHaveValue('3');
    await expect(armchair.getByTestId('item-figures')).toHaveText(typedFigures!);
    await expect(labour.getByTestId('money-quantity')).toHaveValue('4');
    expect(await saveAllAndReadQuantities(page, js, [armchair, labour])).toEqual(['3', '4']);
  });

  test('Save all leaves alone the items nobody touched: a colleague’s change to one of them stays, and is no conflict', async ({ page, js }) => {
    const { firm, schedule, tree, armchairId, labourId, armchair, labour, lighting } = await openSummary(page, js, 'edit=1');
    const versions = async () => {
      const { json } = await apiCall<{ data: { rooms: Array<{ sections: Array<{ items: Array<{ id: string; version: number }> }> }> } }>('GET', `/projects/summary/${schedule.id}`, undefined, firm.token);
      return Object.fromEntries(json.data.rooms.flatMap((r) => r.sections.flatMap((s) => s.items.map((i) => [i.id, i.version]))));
    };
    await lighting.getByRole('textbox', { name: 'Description' }).fill('Mine: warm white, on dimmers');
    // Meanwhile a colleague rewrites the armchair's description, which this editor shows but did not touch.
    expect((await apiCall('PUT', `/projects/summary/items/${armchairId}`, { description: 'Theirs: oak' }, firm.token)).status).toBe(200);
    await page.getByTestId('save-all').click();
    await expect(toast(page)).toHaveText('Saved');
    await expect(lighting).toContainText('Mine: warm white, on dimmers');
    await expect(armchair).toContainText('Theirs: oak');
    // Only the lighting was written (and the armchair by the colleague): the labour item kept its version.
    const after = await versions();
    expect([after[armchairId], after[labourId], after[tree.rooms[0]!.sections[1]!.items[0]!]]).toEqual([2, 1, 2]);

    // The figures: a colleague changes the labour's quantity while this editor changes the armchair's.
    await page.getByTestId('tab-financial').click();
    // The Financial tab's own Edit all (figures), not the Summary tab's still on screen.
    await expect(page).toHaveURL(/tab=financial/);
    await ready(page, js);
    await page.getByTestId('edit-all').click();
    await expect(page).toHaveURL(/edit=1/);
    await ready(page, js);
    await armchair.getByTestId('money-quantity').fill('3');
    expect((await apiCall('PUT', `/projects/summary/items/${labourId}`, { quantity: 4 }, firm.token)).status).toBe(200);
    expect(await saveAllAndReadQuantities(page, js, [armchair, labour])).toEqual(['3', '4']);
  });

  test('a room’s page carries that room alone, and its Financial tab totals every room of the schedule', async ({ page, js }) => {
    const { firm, project, schedule, tree } = await firmWithSummary();
    const { json } = await apiCall<{ data: SummaryJson }>('GET', `/projects/summary/${schedule.id}`, undefined, firm.token);
    expect(json.data.totals.clientPrice).toBeGreaterThan(0);
    await loginAs(page, firm.email, firm.password);
    await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}&tab=financial&room=${tree.rooms[1]!.id}`);
    await ready(page, js);
    await expect(page.getByTestId('room-selector').getByRole('link', { name: 'Dining', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('schedule-totals')).toContainText(formatPaise(json.data.totals.clientPrice));
    // The living room's items are neither drawn nor handed to the browser; its sections are offered as places to move to.
    expect(await page.content()).not.toContain('Cane armchair');
    await openItem(page.getByTestId('summary-item').first());
    await expect(page.getByTestId('move-to-section').first().locator('option', { hasText: 'Living room · Seating' })).toHaveCount(1);
  });

  test('the buttons of a section’s and an item’s one form each post their own intent: cards, copy, moves, remove image, rename', async ({ page, js }) => {
    test.slow();
    const { firm, schedule, armchair } = await openSummary(page, js, '');
    const titles = () => sections(page).locator('h3').allTextContents();
    const cards = (title: string) => section(page, title).getByTestId('spec-card');

    // A card added (a form of its own) and deleted (a button of the section's form).
    await openSection(page, 'Seating');
    await section(page, 'Seating').getByText('Add specification card').click();
    await section(page, 'Seating').getByLabel('Card title').fill('Finish');
    await section(page, 'Seating').getByLabel('Card detail').fill('Brushed brass');
    await section(page, 'Seating').getByRole('button', { name: 'Add card' }).click();
    await expect(cards('Seating')).toHaveText(['FinishBrushed brass']);
    await section(page, 'Seating').getByRole('button', { name: 'Delete card Finish' }).click();
    await expect(cards('Seating')).toHaveCount(0);

    // The armchair's picture removed, then the armchair moved below the labour (shown on the Financial tab only).
    await openItem(armchair);
    await armchair.getByRole('button', { name: 'Remove image 1' }).click();
    await expect(armchair.locator('.sm-images img')).toHaveCount(0);
    await armchair.getByTestId('move-down').click();
    await expect(toast(page)).toHaveText('Moved');

    // Seating below Lighting, then Lighting copied.
    await openSection(page, 'Seating');
    await section(page, 'Seating').getByTestId('section-down').click();
    await expect.poll(titles).toEqual(['Lighting', 'Seating']);
    await openSection(page, 'Lighting');
    await section(page, 'Lighting').getByTestId('copy-section').click();
    await expect.poll(titles).toEqual(['Lighting', 'Lighting (copy)', 'Seating']);

    // A section renamed while editing every description.
    await page.getByTestId('edit-all').click();
    await ready(page, js);
    // Enter submits with the form's Rename button (a click may land on the sticky Save all bar).
    await section(page, 'Lighting (copy)').getByLabel('Section name').fill('Lamps');
    await section(page, 'Lighting (copy)').getByLabel('Section name').press('Enter');
    await expect.poll(titles).toEqual(['Lighting', 'Lamps', 'Seating']);

    const { json } = await apiCall<{ data: SummaryJson }>('GET', `/projects/summary/${schedule.id}`, undefined, firm.token);
    expect(json.data.rooms[0]!.sections.map((s) => [s.title, s.cards.length, s.items.map((i) => [i.type, i.images.length])])).toEqual([
      ['Lighting', 0, [['description', 0]]],
      ['Lamps', 0, [['description', 0]]],
      ['Seating', 0, [['financial', 0], ['product', 0]]],
    ]);
  });

  test('New Room, Add section and Add card empty their field once added, so a second click adds nothing twice', async ({ page, js }) => {
    await setup(page, js);
    await addRoom(page, 'Study');
    await expect(page.getByTestId('new-room-name')).toHaveValue('');
    await addSection(page, 'Desk');
    await expect(page.locator('#new-section')).toHaveValue('');
    await openSection(page, 'Desk');
    await section(page, 'Desk').getByText('Add specification card').click();
    await section(page, 'Desk').getByLabel('Card title').fill('Finish');
    await section(page, 'Desk').getByRole('button', { name: 'Add card' }).click();
    await expect(section(page, 'Desk').getByTestId('spec-card')).toHaveCount(1);
    await section(page, 'Desk').getByText('Add specification card').click();
    await expect(section(page, 'Desk').getByLabel('Card title')).toHaveValue('');
    // A refused name keeps what was typed, to be corrected.
    await page.getByTestId('new-room-name').fill('study');
    await page.getByTestId('new-room').click();
    await expect(page.locator('#new-room-error')).toHaveText('This schedule already has a room with this name');
    await expect(page.getByTestId('new-room-name')).toHaveValue('study');
  });

  test('an item opens for editing alone and returns to its place; a 150 % discount says what is wrong; Save to library has a library icon', async ({ page, js }) => {
    const { armchair, armchairId } = await openSummary(page, js, 'tab=financial');
    await expect(page.getByTestId('money-quantity')).toHaveCount(0);
    await openItem(armchair);
    await expect(page).toHaveURL(new RegExp(`edit=${armchairId}#row-${armchairId}$`));
    await expect(page.getByTestId('money-quantity')).toHaveCount(1);
    await armchair.getByTestId('money-discountBp').fill('150');
    await armchair.getByTestId('save-item').click();
    await expect(page.getByRole('alert').filter({ hasText: SUMMARY_MESSAGES.checkFigures })).toBeVisible();
    await expect(armchair.locator('.field-error')).toHaveText(SUMMARY_MESSAGES.discountRange);
    await armchair.getByTestId('money-discountBp').fill('15');
    await armchair.getByTestId('save-item').click();
    await expect(toast(page)).toHaveText('Saved');
    await expect(page).toHaveURL(new RegExp(`#row-${armchairId}$`));
    await expect(armchair.getByTestId('item-figures')).toBeVisible();
    await page.getByTestId('tab-summary').click();
    await ready(page, js);
    await openItem(armchair);
    await expect(armchair.getByTestId('save-to-library').locator('use')).toHaveAttribute('href', '#sm-icon-library');
  });

  test('the Export PDF form sends the ticked sections', async ({ page, js }) => {
    const { project, schedule } = await setup(page, js);
    await addRoom(page, 'Study');
    await addSection(page, 'Desk');
    await addSection(page, 'Shelving');
    await section(page, 'Shelving').getByTestId('section-check').check();
    const action = await page.locator('#pdf-form').getAttribute('action');
    expect(action).toBe(`/workspace/project/schedules/summary-financial/${project.id}/pdf`);
    const query = await page.locator('#pdf-form').evaluate((form) => new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as Record<string, string>).toString());
    const shelving = await section(page, 'Shelving').getAttribute('data-section-id');
    expect(query).toBe(`schedule=${schedule.id}&tab=summary&sections=${shelving}`);
  });
});

test.describe('summary editor at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a product item’s image picker, and its Upload button without JavaScript, stay inside the card', async ({ page, js }) => {
    await setup(page, js);
    await addRoom(page, 'Bedroom');
    await addSection(page, 'Wardrobe');
    await section(page, 'Wardrobe').getByTestId('add-product').click();
    const product = section(page, 'Wardrobe').locator('[data-type="product"]');
    await expect(product).toBeVisible();
    await openItem(product);
    // The open item's buttons (copy, library, up, down, delete, Done) stay inside the card (issue 31).
    const cardBox = (await product.boundingBox())!;
    for (const button of await product.locator('.sm-item-actions .button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.x + b.width, await button.getAttribute('aria-label') ?? 'Done').toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    // Without JavaScript the file input and Upload once ran past the card, Upload out of sight.
    const card = (await product.boundingBox())!;
    const control = js ? product.locator('.sm-image-pick') : product.getByRole('button', { name: 'Upload' });
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    await expectNoSidewaysScroll(page);

    const image = await sharp(await placeholderImage({ scene: 'interior', seed: 5, width: 320, height: 240 })).png().toBuffer();
    await product.getByTestId('image-input').setInputFiles({ name: 'wardrobe.png', mimeType: 'image/png', buffer: image });
    if (!js) await product.getByRole('button', { name: 'Upload' }).click();
    await expect(section(page, 'Wardrobe').locator('[data-type="product"] .sm-images img')).toHaveCount(1);
  });
});

/** Review screenshots on the demo data (npm run screenshots): both tabs at 1280 and 375 px. */
test('summary editor screenshots', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(180_000);
  const { token } = await loginAs(page, DEMO.interiorFirm);
  const { json } = await apiCall<{ data: Array<{ id: string }> }>('GET', '/projects', undefined, token);
  let url = '';
  for (const p of json.data) {
    const schedules = await apiCall<{ data: { schedules: Array<{ id: string }> } }>('GET', `/projects/schedules/${p.id}`, undefined, token);
    const first = schedules.json.data.schedules[0];
    if (!first) continue;
    const summary = await apiCall<{ data: { rooms: unknown[] } }>('GET', `/projects/summary/${first.id}`, undefined, token);
    if (summary.json.data.rooms.length) url = `/workspace/project/schedules/summary-financial/${p.id}?schedule=${first.id}`;
  }
  expect(url).not.toBe('');
  for (const width of [1280, 375]) {
    for (const tab of ['summary', 'financial']) {
      await page.setViewportSize({ width, height: width === 1280 ? 860 : 812 });
      await page.goto(tab === 'financial' ? `${url}&tab=financial` : url);
      await ready(page, js);
      await page.locator('img[loading="lazy"]').evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')));
      await expect.poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-summary-${tab}-${width}.png`, fullPage: true });
    }
  }
});

/**
 * Review screenshots of the moves (npm run screenshots): the room tabs (grips with JavaScript, arrows
 * without), a section's "Move to another room" open, at 1280 and 375 px; and the Project Library
 * with a product saved from an item with its image.
 */
test('summary moves and library screenshots', { tag: ['@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(120_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  const armchair = tree.rooms[0]!.sections[0]!.items[0]!;
  expect((await apiCall('POST', `/projects/library/from-item/${armchair}`, undefined, firm.token)).status).toBe(201);
  const mode = js ? 'js' : 'nojs';
  const eager = async () => {
    await page.locator('img[loading="lazy"]').evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')));
    await expect.poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`);
    await ready(page, js);
    await openSection(page, 'Lighting');
    await section(page, 'Lighting').getByTestId('move-room-menu').click();
    await eager();
    // From the top: a full-page shot of a scrolled page draws the sticky header in its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/summary-moves-${mode}-${width}.png`, fullPage: true });
    await page.goto('/workspace/project-library');
    await ready(page, js);
    await eager();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/summary-library-images-${mode}-${width}.png`, fullPage: true });
  }
});
