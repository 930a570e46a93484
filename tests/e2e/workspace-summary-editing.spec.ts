import sharp from 'sharp';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { apiCall, apiChange, expect, expectNoSidewaysScroll, loginAs, ready, test } from './fixtures';
import { firmWithSummary } from './summary-output-helpers';
import { openItem, sections, section, toast, openSection, setup, addRoom, addSection, openSummary, saveAllAndReadQuantities } from './summary-editor-helpers';
import { SUMMARY_MESSAGES } from '../../server/contract/summary-rules';
import { formatPaise } from '../../server/contract/money-text';
import type { SummaryJson } from '../../server/contract/summary';

/**
 * The summary and financial editor, with JavaScript and without: Save all beside a colleague's
 * changes (conflicts keep what was typed), a room's page, each form's intents, fields that empty
 * once added, one open item at a time, the Export PDF form, and the editor at 375 px.
 */

/** A colleague's change of an item, from the version it is at now (docs/decisions/320). */
async function changeItem(token: string, scheduleId: string, itemId: string, changes: Record<string, unknown>) {
  const read = async () => {
    const { json } = await apiCall<{ data: SummaryJson }>('GET', `/projects/summary/${scheduleId}`, undefined, token);
    return json.data.rooms.flatMap((r) => r.sections.flatMap((s) => s.items)).find((i) => i.id === itemId);
  };
  return apiChange('PUT', `/projects/summary/items/${itemId}`, changes, token, read);
}

test.describe('summary and financial editor', () => {
  test('Save all after someone else changed an item: nothing saved, that item shows their version, the rest of what was typed stays', async ({ page, js }) => {
    const { firm, schedule, armchairId, armchair, lighting } = await openSummary(page, js, 'edit=1');
    await armchair.getByRole('textbox', { name: 'Description' }).fill('Mine: teak and cane');
    await lighting.getByRole('textbox', { name: 'Description' }).fill('Mine: warm white, on dimmers');
    // Meanwhile a colleague saves the armchair.
    expect((await changeItem(firm.token, schedule.id, armchairId, { description: 'Theirs: oak' })).status).toBe(200);
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
    const { firm, schedule, tree, armchair, lighting } = await openSummary(page, js, 'edit=1');
    await armchair.getByLabel('Title').fill('');
    // Meanwhile a colleague rewrites the lighting, which this editor shows but did not touch.
    expect((await changeItem(firm.token, schedule.id, tree.rooms[0]!.sections[1]!.items[0], { description: 'Theirs: dim amber' })).status).toBe(200);
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
    const { firm, schedule, labourId, armchair, labour } = await openSummary(page, js, 'tab=financial&edit=1');
    await armchair.getByTestId('money-quantity').fill('3');
    await labour.getByTestId('money-quantity').fill('5');
    // With JavaScript the figures follow what is typed; without it they are the api's until saved.
    const typedFigures = await armchair.getByTestId('item-figures').textContent();
    expect((await changeItem(firm.token, schedule.id, labourId, { quantity: 4 })).status).toBe(200);
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
    expect((await changeItem(firm.token, schedule.id, armchairId, { description: 'Theirs: oak' })).status).toBe(200);
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
    expect((await changeItem(firm.token, schedule.id, labourId, { quantity: 4 })).status).toBe(200);
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
    // The open item's buttons (copy, library, up, down, delete, Done) stay inside the card.
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
