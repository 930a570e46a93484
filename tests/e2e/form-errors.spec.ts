import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, loginAs, postsDuring, ready, registerUser, test } from './fixtures';
import { attachDocument, chooseDialogCountry, firmDialog, pdfBytes } from './firm-helpers';
import { makePngs } from './showcase-images';
import { createProject, newFirm } from './workspace-helpers';

/**
 * decisions 155, 156: A submit shows every error at once, with JavaScript
 * each clears as its field becomes valid, and a wrong file is refused as soon as it is chosen.
 */

/** A 1×1 GIF: a real image, of a type the profile photo does not take. */
const GIF = { name: 'avatar.gif', mimeType: 'image/gif', buffer: Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex') };
/** Text dressed up as a picture. */
const FAKE_PNG = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all, only text\n') };

async function expectShown(scope: Locator, messages: string[]) {
  for (const message of messages) await expect(scope.getByText(message, { exact: true }), message).toBeVisible();
}
async function expectGone(scope: Locator, messages: string[]) {
  for (const message of messages) await expect(scope.getByText(message, { exact: true }), message).toHaveCount(0);
}

test.describe('every error of a submit at once (item 6)', () => {
  test('the register-firm dialog: all messages, State included; with JavaScript each clears as its field is fixed', async ({ page, js }) => {
    const account = await registerUser();
    await loginAs(page, account.email, account.password);
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    const dialog = firmDialog(page);
    // A country with states, and nothing else.
    await chooseDialogCountry(page, js, 'India');
    await dialog.getByRole('button', { name: 'Register firm' }).click();
    await expectShown(firmDialog(page), [
      'Firm name is required',
      'Firm type is required',
      'Business email is required',
      'Contact number is required',
      'Address is required',
      'State is required',
      'Document is required',
    ]);
    if (!js) return;

    const posts = await postsDuring(page, async () => {
      await dialog.getByLabel('Firm name').fill('Clearwater Studio');
      await expectGone(dialog, ['Firm name is required']);
      await expectShown(dialog, ['Address is required', 'Business email is required']);
      await dialog.getByLabel('Contact number').fill('123');
      await expectShown(dialog, ['Enter a valid 10-digit phone number']);
      await dialog.getByLabel('Contact number').fill('98220 12345');
      await expectGone(dialog, ['Enter a valid 10-digit phone number', 'Contact number is required']);
      await dialog.getByLabel('State').selectOption('Goa');
      await expectGone(dialog, ['State is required']);
      // A wrong document: its own message as soon as it is chosen, in place of "Document is required".
      await attachDocument(page, { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF') });
      await expectShown(dialog, ['Only PDF, DOC, or DOCX files are allowed']);
      await expectGone(dialog, ['Document is required']);
      await expect(dialog.getByLabel('City')).toBeEnabled();
      // Submitting again shows what is still wrong, all of it, and nothing that was fixed.
      await dialog.getByRole('button', { name: 'Register firm' }).click();
      await expectShown(dialog, ['Firm type is required', 'Business email is required', 'Address is required', 'City is required', 'Only PDF, DOC, or DOCX files are allowed']);
      await expectGone(dialog, ['Firm name is required', 'Contact number is required', 'State is required', 'Document is required']);
      await attachDocument(page, { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
      await expectGone(dialog, ['Only PDF, DOC, or DOCX files are allowed', 'Document is required']);
      await dialog.getByLabel('Business email').fill('not-an-email');
      await expectShown(dialog, ['Invalid email format']);
    });
    // All of it in the browser: nothing was posted.
    expect(posts).toEqual([]);
  });

  test('the profile dialog: all messages, State and team rows included; with JavaScript each clears as its field is fixed', async ({ page, js }) => {
    const firm = await newFirm();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio?dialog=profile');
    await ready(page, js);
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByLabel('Firm name').fill('');
    await dialog.getByLabel('Contact no').fill('');
    await dialog.getByLabel('Details').fill('');
    await dialog.getByLabel('Country').selectOption('India');
    if (js) await expect(dialog.getByLabel('State')).toBeEnabled();
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    const shown = page.getByTestId('profile-dialog');
    await expectShown(shown, ['firm name is required', 'Enter a valid 10-digit phone number', 'details are required', 'State is required', 'name is required', 'role is required']);
    if (!js) return;

    const posts = await postsDuring(page, async () => {
      await dialog.getByLabel('Firm name').fill('Harbour Lines');
      await expectGone(dialog, ['firm name is required']);
      await expectShown(dialog, ['details are required']);
      await dialog.getByTestId('team-rows').getByLabel('Name').fill('Lena Roy');
      await expectGone(dialog, ['name is required']);
      await expectShown(dialog, ['role is required']);
      await dialog.getByLabel('Contact no').fill('98765-43210');
      await expectGone(dialog, ['Enter a valid 10-digit phone number']);
      await dialog.getByLabel('State').selectOption('Karnataka');
      await expectGone(dialog, ['State is required']);
      await dialog.getByLabel('Website (optional)').fill('not a site');
      await expectShown(dialog, ['Enter a valid website address']);
    });
    expect(posts).toEqual([]);
  });
});

test.describe('wrong files found as soon as they are chosen (item 7)', () => {
  test('a GIF profile photo gets no crop view: the api’s message at once; a PNG is cropped', { tag: '@js-only' }, async ({ page }) => {
    const firm = await newFirm();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio?dialog=profile');
    await ready(page, true);
    const dialog = page.getByTestId('profile-dialog');
    await page.getByTestId('photo-input').setInputFiles(GIF);
    await expectShown(dialog, ['Only image allowed']);
    await expect(page.getByTestId('photo-crop')).toHaveCount(0);
    // Text named .png is refused by its first bytes, whatever its name says.
    await page.getByTestId('photo-input').setInputFiles(FAKE_PNG);
    await expectShown(dialog, ['Only image allowed']);
    await expect(page.getByTestId('photo-crop')).toHaveCount(0);
    const [png] = await makePngs(1);
    await page.getByTestId('photo-input').setInputFiles(png!);
    await expect(page.getByTestId('photo-crop')).toBeVisible();
    await expectGone(dialog, ['Only image allowed']);
  });

  test('without JavaScript the server refuses a GIF profile photo, with the other errors of the submit', { tag: '@no-js-only' }, async ({ page }) => {
    const firm = await newFirm();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio?dialog=profile');
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByLabel('Firm name').fill('');
    await page.getByTestId('photo-input').setInputFiles(GIF);
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expectShown(page.getByTestId('profile-dialog'), ['Only image allowed', 'firm name is required']);
  });

  test('the project drop zone refuses a text file named .png at once and keeps the real picture', { tag: '@js-only' }, async ({ page }) => {
    const firm = await newFirm();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio/add-project');
    await ready(page, true);
    const [png] = await makePngs(1);
    await page.getByTestId('dropzone-input').setInputFiles([FAKE_PNG, { name: 'picture-1.png', mimeType: 'image/png', buffer: fs.readFileSync(png!) }]);
    await expect(page.getByTestId('image-upload').getByRole('alert')).toHaveText('notes.png: File is not a valid image (JPEG, PNG, or GIF required).');
    const added = page.getByTestId('new-images');
    await expect(added.getByRole('listitem')).toHaveCount(1);
    await expect(added.getByRole('button', { name: 'Remove picture-1.png' })).toBeVisible();
    await expect(added.getByRole('button', { name: 'Remove notes.png' })).toHaveCount(0);
  });

  test('the project drop zone takes at most 100 images and names the ones past it at once', { tag: '@js-only' }, async ({ page }) => {
    const firm = await newFirm();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio/add-project');
    await ready(page, true);
    const [png] = await makePngs(1);
    const buffer = fs.readFileSync(png!);
    const pictures = Array.from({ length: 101 }, (_, i) => ({ name: `picture-${i + 1}.png`, mimeType: 'image/png', buffer }));
    await page.getByTestId('dropzone-input').setInputFiles(pictures);
    await expect(page.getByTestId('image-upload').getByRole('alert')).toHaveText('picture-101.png: Cannot add more than 100 images.');
    await expect(page.getByTestId('new-images').getByRole('listitem')).toHaveCount(100);
    // Removing one makes room for one more.
    await page.getByTestId('new-images').getByRole('button', { name: 'Remove picture-1.png' }).click();
    await page.getByTestId('dropzone-input').setInputFiles([{ name: 'picture-102.png', mimeType: 'image/png', buffer }]);
    await expect(page.getByTestId('new-images').getByRole('listitem')).toHaveCount(100);
    await expect(page.getByTestId('new-images').getByRole('button', { name: 'Remove picture-102.png' })).toBeVisible();
  });

  test('the workspace project photo refuses a text file named .jpg at once and takes a GIF', { tag: '@js-only' }, async ({ page }) => {
    const firm = await newFirm();
    await createProject(firm.token, { projectName: 'Reed House' });
    await loginAs(page, firm.email, firm.password);
    await page.goto('/workspace/project');
    await ready(page, true);
    await page.getByRole('link', { name: 'Edit Reed House' }).click();
    const panel = page.getByTestId('project-panel');
    await panel.getByLabel('Project photo').setInputFiles({ ...FAKE_PNG, name: 'site.jpg', mimeType: 'image/jpeg' });
    await expect(panel.getByRole('alert')).toHaveText('Only JPG, PNG or GIF allowed');
    // A GIF is one of the photo's types: taken.
    await panel.getByLabel('Project photo').setInputFiles(GIF);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Remove avatar.gif' })).toBeVisible();
  });
});
