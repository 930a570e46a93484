import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { DEMO, expect, loginAs, postsDuring, ready, test } from './fixtures';
import { firmWithProject, memberEmployee } from './schedule-helpers';

/**
 * The schedules of a project (workspace-and-admin.md screen 3), with JavaScript and without:
 * add a schedule with an image, edit its title (double-click / the Edit form), change its image
 * (double-click the image / the Edit form's file), open it, delete it.
 */

const png = async (seed: number) => ({
  name: `plan-${seed}.png`,
  mimeType: 'image/png',
  buffer: await sharp(await placeholderImage({ scene: 'interior', seed, width: 640, height: 480 })).png().toBuffer(),
});

const cards = (page: Page) => page.getByTestId('schedule-card');
const toast = (page: Page) => page.getByTestId('toast');
const coverSrc = (card: Locator) => card.getByTestId('schedule-image').locator('img').getAttribute('src');

/** Whether the card's image was really served (the private image streamed through the web). */
async function expectImageLoaded(card: Locator) {
  const image = card.getByTestId('schedule-image').locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

async function openSchedules(page: Page, js: boolean, projectId: string) {
  await page.goto(`/workspace/project/schedules/${projectId}`);
  await ready(page, js);
}

test.describe('project schedules', () => {
  test('a demo firm opens a project’s schedules from its project list, with the demo schedules and their pictures', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto('/workspace/project');
    await ready(page, js);
    await page.getByRole('link', { name: 'Schedules of Koregaon Park Residence' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Koregaon Park Residence');
    await expect(page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Schedules' })).toHaveClass(/active/);
    await expect(cards(page).getByRole('heading')).toHaveText(['Landscape and courtyard', 'Structure and roof', 'Façade and windows']);
    for (const card of await cards(page).all()) await expectImageLoaded(card);
  });

  test('add a schedule, edit its title, change its image, open it and delete it', async ({ page, js }) => {
    const { firm, project } = await firmWithProject();
    await loginAs(page, firm.email, firm.password);
    await openSchedules(page, js, project.id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lakeview Apartment');
    await expect(page.getByTestId('empty-state')).toContainText('No project schedule available');

    // Add, with one image.
    await page.getByTestId('add-schedule').first().click();
    const panel = page.getByRole('dialog', { name: 'Add schedule' });
    await panel.getByLabel('Title').fill('Kitchen joinery');
    await panel.getByLabel('Description').fill('Oak cabinets, a quartz worktop and brass handles.');
    await (js ? panel.getByTestId('dropzone-input') : panel.getByLabel('Add images')).setInputFiles(await png(1));
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page)).toHaveText('Schedule created');
    await expect(panel).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByRole('heading')).toHaveText('Kitchen joinery');
    await expect(card.getByTestId('schedule-description')).toHaveText('Oak cabinets, a quartz worktop and brass handles.');
    await expect(card.getByTestId('schedule-date')).toHaveText(/^\d{1,2}(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/);
    await expectImageLoaded(card);

    // Edit the title.
    if (js) {
      await card.getByRole('link', { name: 'Kitchen joinery', exact: true }).dblclick();
      const input = card.getByTestId('inline-title');
      await expect(input).toBeFocused();
      await input.fill('Kitchen cabinets');
      // The heading changes at once; the reload below must wait for the save itself.
      const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.ok());
      await input.press('Enter');
      await saved;
    } else {
      await card.getByRole('link', { name: 'Edit Kitchen joinery' }).click();
      const form = card.getByTestId('schedule-edit-form');
      await form.getByLabel('Title').fill('Kitchen cabinets');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page)).toHaveText('Schedule updated');
    }
    await expect(card.getByRole('heading')).toHaveText('Kitchen cabinets');
    await page.reload();
    await ready(page, js);
    await expect(card.getByRole('heading')).toHaveText('Kitchen cabinets');
    // A double-click edited in place: the page stayed (the single click's 250 ms wait was cancelled).
    await expect(page).toHaveURL(new RegExp(`/workspace/project/schedules/${project.id}$`));

    // Change the image.
    const before = await coverSrc(card);
    if (js) {
      const chooser = page.waitForEvent('filechooser');
      await card.getByTestId('schedule-image').dblclick();
      await (await chooser).setFiles(await png(2));
      await expect(toast(page)).toHaveText('Image updated');
    } else {
      await card.getByRole('link', { name: 'Edit Kitchen cabinets' }).click();
      const form = card.getByTestId('schedule-edit-form');
      await form.getByLabel('New image').setInputFiles(await png(2));
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page)).toHaveText('Schedule updated');
    }
    await expect.poll(() => coverSrc(card)).not.toBe(before);
    await expectImageLoaded(card);

    // Open it: its page shows the schedule as it is.
    if (js) await card.getByTestId('schedule-description').click();
    else await card.getByRole('link', { name: 'Kitchen cabinets', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/project/schedules/summary-financial/${project.id}\\?schedule=`));
    const detail = page.getByTestId('schedule-detail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kitchen cabinets');
    await expect(detail).toContainText('Oak cabinets, a quartz worktop and brass handles.');
    await expect(detail.locator('.sch-gallery img')).toHaveCount(1);
    await page.goBack();
    await ready(page, js);

    // Delete, after the confirmation.
    await cards(page).first().getByRole('link', { name: 'Delete Kitchen cabinets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete schedule' });
    await expect(dialog).toContainText('Are you sure you want to delete this schedule? You can not undo.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toHaveText('Schedule deleted');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId('empty-state')).toContainText('No project schedule available');
  });

  test('a blank title is refused, and a text file named .png is not taken as an image', async ({ page, js }) => {
    const { firm, project } = await firmWithProject();
    await loginAs(page, firm.email, firm.password);
    await page.goto(`/workspace/project/schedules/${project.id}?panel=add`);
    await ready(page, js);
    const panel = page.getByRole('dialog', { name: 'Add schedule' });
    await panel.getByLabel('Description').fill('Samples on site.');
    await (js ? panel.getByTestId('dropzone-input') : panel.getByLabel('Add images')).setInputFiles([
      await png(3),
      { name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all\n'.repeat(30)) },
    ]);
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByText('Title is required')).toBeVisible();
    await expect(panel.getByText('Only JPG, PNG or GIF allowed')).toBeVisible();
    // Without JavaScript the api refuses the file and says so in a toast too; with it, the browser
    // refused it by its first bytes when it was chosen, and it was never sent.
    if (!js) await expect(toast(page)).toHaveText('Only JPG, PNG or GIF allowed');
    await expect(panel.getByLabel('Description')).toHaveValue('Samples on site.');
    // The picture that was fine is kept (uploaded once), shown from the private upload.
    const kept = panel.getByRole('list', { name: 'Saved images' }).locator('img');
    await expect(kept).toHaveCount(1);
    await expect.poll(() => kept.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await panel.getByLabel('Title').fill('Bathroom tiles');
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page)).toHaveText('Schedule created');
    await expect(cards(page).getByRole('heading')).toHaveText('Bathroom tiles');
    await expect(cards(page).getByTestId('schedule-image').locator('img')).toHaveCount(1);
  });

  test('inline edits: Escape and a blank value cancel without a call; a click waits for a possible double-click', { tag: '@js-only' }, async ({ page, js }) => {
    const { firm, project } = await firmWithProject();
    await loginAs(page, firm.email, firm.password);
    await page.goto(`/workspace/project/schedules/${project.id}?panel=add`);
    await ready(page, js);
    const panel = page.getByRole('dialog', { name: 'Add schedule' });
    await panel.getByLabel('Title').fill('Lighting');
    await panel.getByLabel('Description').fill('Warm downlights.');
    await panel.getByRole('button', { name: 'Confirm' }).click();
    const card = cards(page).first();
    await expect(card.getByRole('heading')).toHaveText('Lighting');

    const posts = await postsDuring(page, async () => {
      await card.getByTestId('schedule-description').dblclick();
      await card.getByTestId('inline-description').fill('Something else');
      await card.getByTestId('inline-description').press('Escape');
      await expect(card.getByTestId('schedule-description')).toHaveText('Warm downlights.');
      await card.getByRole('link', { name: 'Lighting', exact: true }).dblclick();
      await card.getByTestId('inline-title').fill('   ');
      await card.getByTestId('inline-title').press('Enter');
      await expect(card.getByRole('heading')).toHaveText('Lighting');
      // A click while a field is being edited ends the edit (unchanged: no call) and does not open the schedule.
      await card.getByRole('link', { name: 'Lighting', exact: true }).dblclick();
      await expect(card.getByTestId('inline-title')).toBeFocused();
      await card.getByTestId('schedule-date').click();
      await expect(card.getByTestId('inline-title')).toHaveCount(0);
      await page.waitForTimeout(400);
      await expect(page).toHaveURL(new RegExp(`/workspace/project/schedules/${project.id}$`));
    });
    expect(posts).toEqual([]);

    // The description saves on leaving the field, and keeps its line breaks.
    await card.getByTestId('schedule-description').dblclick();
    await card.getByTestId('inline-description').fill('Warm downlights.\nDimmers in every room.');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(card.getByTestId('schedule-description')).toHaveText('Warm downlights.\nDimmers in every room.');

    // A single click opens the schedule, after its short wait.
    await card.getByTestId('schedule-date').click();
    await expect(page).toHaveURL(/\/summary-financial\//);
  });

  test('an employee who is a member of the project works on its schedules', async ({ page, js }) => {
    const { firm, project } = await firmWithProject({ projectName: 'Clinic fit-out' });
    const employee = await memberEmployee(firm, project.id);
    await loginAs(page, employee.email, employee.password);
    await page.goto(`/workspace/project/schedules/${project.id}?panel=add`);
    await ready(page, js);
    const panel = page.getByRole('dialog', { name: 'Add schedule' });
    await panel.getByLabel('Title').fill('Reception desk');
    await panel.getByLabel('Description').fill('Corian top, oak front.');
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page)).toHaveText('Schedule created');
    await expect(cards(page).getByRole('heading')).toHaveText('Reception desk');

    // Another firm's schedules are not found.
    const other = await firmWithProject();
    const response = await page.goto(`/workspace/project/schedules/${other.project.id}`);
    expect(response?.status()).toBe(404);
  });
});
