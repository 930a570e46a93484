import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from './env';
import { expect, loginAs, ready, registerUser, test } from './fixtures';
import { makePngs } from './showcase-images';

/** A new firm account of its own, so these journeys never change the demo firms. */
async function newFirm(page: Page) {
  const { email, password } = await registerUser({ role: 'architect' });
  return loginAs(page, email, password);
}

/** Chooses country, state and city in the dependent selects (in place with JavaScript, by reloading without). */
async function choosePlace(page: Page, js: boolean, place: { country: string; state: string; city: string }) {
  await page.getByLabel('Country').selectOption(place.country);
  if (!js) await page.getByRole('button', { name: 'Show states and cities' }).click();
  await expect(page.getByLabel('State')).toBeEnabled();
  await page.getByLabel('State').selectOption(place.state);
  if (!js) await page.getByRole('button', { name: 'Show states and cities' }).click();
  await expect(page.getByLabel('City')).toBeEnabled();
  await page.getByLabel('City').selectOption(place.city);
}

test.describe('own portfolio', () => {
  test('a firm adds a project with 4 images, edits it and deletes it', async ({ page, js }) => {
    await newFirm(page);
    const images = await makePngs(5);
    await page.goto('/portfolio');
    await ready(page, js);
    await page.getByTestId('add-project').click();
    await expect(page).toHaveURL(/\/portfolio\/add-project$/);
    await ready(page, js);

    // An empty submission answers with the spec's messages.
    await page.getByTestId('save-project').click();
    const form = page.getByTestId('project-form');
    for (const message of ['Project name is required', 'Project type is required', 'Area is required', 'Year is required', 'Description is required', 'Name is required', 'Role is required', 'Please upload at least 4 images']) {
      await expect(form.getByText(message, { exact: true }).first()).toBeVisible();
    }

    await page.getByLabel('Project name').fill('Lake Pavilion');
    await page.getByLabel('Project type').selectOption('architecture-institutional');
    await page.getByLabel('Area (m²)').fill('850');
    await page.getByLabel('Year').fill('2023');
    await choosePlace(page, js, { country: 'India', state: 'Maharashtra', city: 'Pune' });
    await page.getByLabel('Description').fill('A timber pavilion on the lake shore.');
    await page.getByTestId('architecture-rows').getByLabel('Name').fill('Roof');
    await page.getByTestId('architecture-rows').getByLabel('Style').fill('Glulam shell');
    const teamRows = page.getByTestId('team-rows');
    await teamRows.getByLabel('Name').fill('Ira Shah');
    await teamRows.getByLabel('Role').fill('Architect');
    // A second team row, added and filled (a conform intent: in place with JavaScript, a round trip without).
    await page.getByRole('button', { name: '+ Add team member' }).click();
    await expect(teamRows.getByLabel('Name')).toHaveCount(2);
    await teamRows.getByLabel('Name').nth(1).fill('Omar Khan');
    await teamRows.getByLabel('Role').nth(1).fill('Engineer');

    if (js) {
      await page.getByTestId('dropzone-input').setInputFiles(images.slice(0, 4));
      await expect(page.getByTestId('new-images').locator('img')).toHaveCount(4);
    } else {
      await page.getByTestId('files-input').setInputFiles(images.slice(0, 4));
    }
    await page.getByTestId('save-project').click();

    await expect(page).toHaveURL(/\/portfolio\/edit-project\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('toast')).toContainText('Project added successfully');
    await expect(page.getByRole('heading', { level: 1, name: 'Lake Pavilion' })).toBeVisible();
    await expect(page.getByTestId('image-grid').locator('img')).toHaveCount(4);
    await expect(page.getByTestId('project-facts')).toContainText('850 m²');
    await expect(page.getByTestId('project-facts')).toContainText('Architecture – Institutional');

    // Edit: rename, drop one image, add another.
    await page.getByTestId('edit-project').click();
    await expect(page).toHaveURL(/\/portfolio\/add-project\/[0-9a-f]{24}$/);
    await ready(page, js);
    await expect(page.getByLabel('Project name')).toHaveValue('Lake Pavilion');
    await expect(page.getByLabel('City')).toHaveValue('Pune');
    await page.getByLabel('Project name').fill('Lake Pavilion II');
    await page.getByTestId('image-upload').getByText('Remove').first().click();
    if (js) await page.getByTestId('dropzone-input').setInputFiles(images.slice(4));
    else await page.getByTestId('files-input').setInputFiles(images.slice(4));
    await page.getByTestId('save-project').click();
    await expect(page.getByTestId('toast')).toContainText('Project updated successfully');
    await expect(page.getByRole('heading', { level: 1, name: 'Lake Pavilion II' })).toBeVisible();
    await expect(page.getByTestId('image-grid').locator('img')).toHaveCount(4);

    // Delete, after the confirmation.
    await page.getByTestId('delete-project').click();
    await expect(page.getByTestId('delete-dialog')).toContainText('Are you sure you want to delete');
    await page.getByTestId('confirm-delete').click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByTestId('toast')).toContainText('Project deleted');
    await expect(page.getByText('Lake Pavilion II')).toHaveCount(0);
  });

  test('without JavaScript, an image over 15 MB and a file that is not an image are named in the form’s errors', { tag: '@no-js-only' }, async ({ page }) => {
    await newFirm(page);
    await page.goto('/portfolio/add-project');
    const [image] = await makePngs(1);
    // Streamed to disk by the web and cut off at 15 MB; the text file reaches the api, which refuses it by content.
    await page.getByTestId('files-input').setInputFiles([
      { name: 'huge-plan.png', mimeType: 'image/png', buffer: Buffer.concat([fs.readFileSync(image!), Buffer.alloc(15 * 1024 * 1024)]) },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') },
    ]);
    await page.getByTestId('save-project').click();
    const form = page.getByTestId('project-form');
    await expect(form.getByText('huge-plan.png is larger than 15 MB')).toBeVisible();
    await expect(form.getByText(/^notes\.png: /)).toBeVisible();
    // The rest of the form is answered as usual.
    await expect(form.getByText('Project name is required', { exact: true })).toBeVisible();
  });

  test('a firm edits its profile with a cropped photo', async ({ page, js }) => {
    await newFirm(page);
    const [photo] = await makePngs(1, { width: 900, height: 600 });
    await page.goto('/portfolio');
    await ready(page, js);
    await page.getByTestId('edit-profile').click();
    const dialog = page.getByTestId('profile-dialog');
    await expect(dialog).toBeVisible();
    if (js) await expect(page).toHaveURL(/dialog=profile/);

    await dialog.getByLabel('Firm name').fill('Harbour Lines Studio');
    await dialog.getByLabel('Firm type').selectOption('architectureAndInterior');
    await choosePlace(page, js, { country: 'India', state: 'Karnataka', city: 'Mysuru' });
    await dialog.getByLabel('Contact no').fill('12345');
    await dialog.getByLabel('Details').fill('Waterfront architecture and interiors.');
    await dialog.getByTestId('team-rows').getByLabel('Name').fill('Lena Roy');
    await dialog.getByTestId('team-rows').getByLabel('Role').fill('Principal');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    // The spec's message for a contact number that is not 10 digits.
    await expect(page.getByTestId('profile-dialog').getByText('Enter a valid 10-digit phone number')).toBeVisible();

    await page.getByTestId('profile-dialog').getByLabel('Contact no').fill('9876543210');
    await page.getByTestId('photo-input').setInputFiles(photo!);
    if (js) {
      // react-easy-crop with a round guide; zoom in, the square to keep goes with the form.
      await expect(page.getByTestId('photo-crop')).toBeVisible();
      await expect(page.locator('.reactEasyCrop_CropAreaRound')).toBeVisible();
      const zoom = page.getByTestId('crop-zoom');
      await expect(zoom).toHaveAttribute('min', '1');
      await expect(zoom).toHaveAttribute('max', '3');
      await expect(zoom).toHaveAttribute('step', '0.1');
      await zoom.fill('2');
      await expect(page.locator('input[name="size"]')).toHaveValue(/^\d+$/);
      const size = Number(await page.locator('input[name="size"]').inputValue());
      expect(size).toBeLessThanOrEqual(320);
    }
    await page.getByTestId('profile-dialog').getByRole('button', { name: 'Save profile' }).click();

    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByTestId('toast')).toContainText('Profile updated successfully');
    const card = page.getByTestId('profile-card');
    await expect(card).toContainText('Harbour Lines Studio');
    await expect(card).toContainText('Architecture and Interior');
    await expect(card).toContainText('Mysuru, Karnataka, India');
    await expect(card).toContainText('9876543210');
    await expect(card).toContainText('Lena Roy');
    // The stored photo is square (cropped in the browser with JavaScript, centred by the server without).
    const src = await card.locator('img.avatar').first().getAttribute('src');
    expect(src).toMatch(/^\/uploads\//);
    const bytes = Buffer.from(await (await fetch(`${E2E.baseURL}${src}`)).arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    expect(width).toBe(height);
  });
});
