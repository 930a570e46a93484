import sharp from 'sharp';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { apiCall, DEMO, expect, loginAs, postsDuring, ready, test } from './fixtures';
import { firmWithSummary } from './summary-output-helpers';
import { openItem, sections, section, items, toast, openSection, setup, addRoom, addSection, moveSaved, drag, typesIn } from './summary-editor-helpers';
import { SCREENSHOT_DIR } from './env';

/**
 * The summary and financial editor (workspace-and-admin.md screen 7), with JavaScript and without:
 * build a schedule's summary with two rooms, sections and one item of each type, reorder (drag
 * with JavaScript, Move buttons without), set statuses, edit financial figures and see the totals,
 * edit all descriptions and Save all, pick an image, delete with the spec's confirmation.
 */

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
    if (js) {
      // Live as typed: the item's figures, its section's total and the schedule's total (figures.tsx repaints them without React).
      await expect(financial.getByTestId('item-figures')).toContainText('₹1,800.00');
      await expect(section(page, 'Seating').getByTestId('section-totals')).toContainText('Client Price ₹1,800.00');
      await expect(page.getByTestId('schedule-totals')).toContainText('₹1,800.00');
      // An amount that cannot be read: the figures give way to the message, and come back with a readable one.
      await financial.getByTestId('money-retailPrice').fill('10.001');
      await expect(financial.getByTestId('item-figures')).toContainText('Check the amounts to see the figures.');
      await expect(financial.locator('.sm-figures')).toBeHidden();
      await financial.getByTestId('money-retailPrice').fill('1000');
      await expect(financial.locator('.sm-figures-invalid')).toBeHidden();
      await expect(financial.getByTestId('item-figures')).toContainText('₹1,800.00');
    }
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

});

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
