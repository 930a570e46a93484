import type { Locator, Page } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoPlanPdf, demoWalkthroughWebm } from '../../server/seed/demo-files';
import { placeholderSvg } from '../../server/seed/placeholder-images';
import { expectNoZod, scriptsDuring } from './browser-scripts';
import { expect, expectNoSidewaysScroll, ready, test } from './fixtures';
import { createFolderThroughApi, firmWithProject, folderPath, foldersPath, uploadThroughApi } from './workspace-files-data';

/**
 * A project's folders and files (workspace-and-admin.md screens 4 and 5), with JavaScript and
 * without: add, rename and delete a folder; upload three files at once, preview the PDF, the
 * image and the video, download one, delete one.
 */

const folderTiles = (page: Page) => page.getByTestId('folder');
const folderNames = (page: Page) => folderTiles(page).getByTestId('folder-name');
const toast = (page: Page) => page.getByTestId('toast');
const fileRows = (page: Page) => page.getByTestId('file-row');
const fileRow = (page: Page, name: string) => fileRows(page).filter({ has: page.getByTestId('file-name').getByText(name, { exact: true }) });
const panel = (page: Page) => page.getByTestId('preview-panel');

async function threeFiles() {
  return [
    { name: 'Ground floor plan.pdf', mimeType: 'application/pdf', buffer: demoPlanPdf('Courtyard House') },
    { name: 'Living room.jpg', mimeType: 'image/jpeg', buffer: await sharp(placeholderSvg({ scene: 'interior', seed: 3, width: 640, height: 400 })).jpeg().toBuffer() },
    { name: 'Site walkthrough.webm', mimeType: 'video/webm', buffer: await demoWalkthroughWebm() },
  ];
}

/** Answers the bytes and headers of what an element of the page loads (through the web, with the session). */
async function fetched(page: Page, element: Locator, headers: Record<string, string> = {}) {
  const src = await element.getAttribute('src');
  expect(src).toMatch(/^\/workspace\/project\/file\/[0-9a-f]{24}\?inline=1$/);
  return page.request.get(src!, { headers });
}

test.describe('folders', () => {
  test('add, rename and delete a folder', async ({ page, js }) => {
    const { project } = await firmWithProject(page);
    await page.goto(foldersPath(project.id));
    await ready(page, js);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courtyard House');
    await expect(page.getByTestId('empty-state')).toContainText('No folders available');

    // Add: 'New Folder', opened for renaming.
    await page.getByTestId('new-folder').first().click();
    await expect(toast(page)).toHaveText('Folder created');
    const input = page.getByTestId('folder-name-input');
    await expect(input).toHaveValue('New Folder');
    if (js) await expect(input).toBeFocused();
    await input.fill('Drawings');
    if (js) await input.press('Enter');
    else await page.getByTestId('save-folder-name').click();
    await expect(toast(page)).toHaveText('Folder renamed');
    await expect(folderNames(page)).toHaveText(['Drawings']);
    await expect(folderTiles(page)).toContainText('0 files');

    // Rename again with the pencil (a form without JavaScript, in place with it).
    await folderTiles(page).getByTestId('rename-folder').click();
    await page.getByTestId('folder-name-input').fill('Site drawings');
    if (js) await page.getByTestId('folder-name-input').press('Enter');
    else await page.getByTestId('save-folder-name').click();
    await expect(folderNames(page)).toHaveText(['Site drawings']);

    // Open it: the folder's page, and back.
    await folderNames(page).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/project/filesdetails/${project.id}/[0-9a-f]{24}$`));
    await expect(page.getByTestId('folder-title')).toHaveText('Site drawings');
    await page.getByTestId('all-folders').click();
    await expect(folderNames(page)).toHaveText(['Site drawings']);

    // Delete, with the confirmation.
    await folderTiles(page).getByTestId('delete-folder').click();
    const dialog = page.getByTestId('confirm-delete-dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this folder? You can not undo.');
    await expect(dialog).toContainText('Site drawings');
    await dialog.getByTestId('confirm-delete').click();
    await expect(toast(page)).toHaveText('Folder deleted');
    await expect(page.getByTestId('empty-state')).toContainText('No folders available');
  });

  test('a double-click renames in place: Escape and an empty name cancel, leaving the field saves', { tag: '@js-only' }, async ({ page, js }) => {
    const { project, token } = await firmWithProject(page);
    await createFolderThroughApi(token, project.id, 'Drawings');
    await page.goto(foldersPath(project.id));
    await ready(page, js);
    const name = folderNames(page);
    const input = page.getByTestId('folder-name-input');

    await name.dblclick();
    await expect(input).toBeFocused();
    await input.fill('Not this');
    await input.press('Escape');
    await expect(name).toHaveText('Drawings');
    // The double-click did not open the folder.
    await expect(page).toHaveURL(new RegExp(`${foldersPath(project.id)}$`));

    await name.dblclick();
    await input.fill('   ');
    await input.press('Enter');
    await expect(name).toHaveText('Drawings');

    await name.dblclick();
    await input.fill('Site photos');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(toast(page)).toHaveText('Folder renamed');
    await expect(name).toHaveText('Site photos');

    // A single click opens the folder.
    await name.click();
    await expect(page).toHaveURL(/\/workspace\/project\/filesdetails\//);
  });
});

test.describe('files', () => {
  test('upload three files at once, preview the PDF, the image and the video, download one, delete one', async ({ page, js }) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Drawings');
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);
    await expect(page.getByTestId('empty-state')).toContainText('No Files available');

    await page.getByTestId('upload-input').setInputFiles(await threeFiles());
    if (!js) await page.getByTestId('upload-submit').click();
    await expect(toast(page)).toHaveText('3 files uploaded');
    await expect(fileRows(page).getByTestId('file-name')).toHaveText(['Ground floor plan.pdf', 'Living room.jpg', 'Site walkthrough.webm']);
    await expect(fileRows(page).getByTestId('file-type')).toHaveText(['PDF', 'JPEG', 'WebM']);
    await expect(page.getByTestId('folder-head-count')).toHaveText('3 files');

    // The PDF, embedded from the web's file route: shown inline, never sniffed, and let into the
    // frame by the page's policy (a refusal is reported on the console).
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    await fileRow(page, 'Ground floor plan.pdf').getByTestId('file-details').click();
    await expect(panel(page).getByRole('heading')).toHaveText('Ground floor plan.pdf');
    const pdf = await fetched(page, panel(page).getByTestId('preview-pdf'));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="Ground floor plan.pdf"/);
    expect(pdf.headers()['x-content-type-options']).toBe('nosniff');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The image, shown.
    await fileRow(page, 'Living room.jpg').getByTestId('file-details').click();
    const image = panel(page).getByTestId('preview-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

    // The video, playable: its metadata loads, and seeking works through the web (Range → 206).
    await fileRow(page, 'Site walkthrough.webm').getByTestId('file-details').click();
    const video = panel(page).getByTestId('preview-video');
    await expect(video).toHaveAttribute('controls', '');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.duration)), { timeout: 10_000 }).toBe(5);
    const part = await fetched(page, video, { range: 'bytes=100-199' });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect((await part.body()).length).toBe(100);
    await expect(panel(page)).toContainText('WebM');
    expect(refusals).toEqual([]);

    // Download one: an attachment with its name.
    const downloading = page.waitForEvent('download');
    await fileRow(page, 'Ground floor plan.pdf').getByTestId('file-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Ground floor plan.pdf');
    expect((await fs.readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // Delete one, with the spec's confirmation.
    await fileRow(page, 'Living room.jpg').getByTestId('file-delete').click();
    const dialog = page.getByTestId('confirm-delete-dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this file? You can not undo.');
    await expect(dialog).toContainText('Living room.jpg');
    await dialog.getByTestId('confirm-delete').click();
    await expect(toast(page)).toHaveText('File deleted');
    await expect(fileRows(page).getByTestId('file-name')).toHaveText(['Ground floor plan.pdf', 'Site walkthrough.webm']);
  });

  test('the details panel without a file, a type it cannot show, and an HTML file only downloaded', async ({ page, js }) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Notes');
    await uploadThroughApi(token, { projectId: project.id, folderId }, [
      { name: 'minutes.txt', data: Buffer.from('Site meeting, 12 March: slab poured.\n') },
      { name: 'brief.html', data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), type: 'text/html' },
    ]);
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);

    await page.getByTestId('details-toggle').click();
    await expect(panel(page).getByTestId('preview-none')).toHaveText('No Selected file');
    await fileRow(page, 'minutes.txt').getByTestId('file-name').click();
    await expect(panel(page).getByTestId('preview-unavailable')).toHaveText('Preview not available for this file type');
    await expect(fileRows(page).getByTestId('file-type')).toHaveText(['Text', 'HTML']);

    const href = await fileRow(page, 'brief.html').getByTestId('file-download').getAttribute('href');
    for (const url of [href!, `${href}?inline=1`]) {
      const res = await page.request.get(url);
      expect(res.headers()['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
    }

    await page.getByTestId('close-preview').click();
    await expect(panel(page)).toHaveCount(0);
  });

  test('more files than an upload takes are refused with the reason, and nothing is uploaded', async ({ page, js }) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Photos');
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `photo-${i + 1}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`note ${i + 1}`) }));
    await page.getByTestId('upload-input').setInputFiles(eleven);
    // With JavaScript the drop zone refuses them at once; without, the api does and the page says why.
    if (!js) await page.getByTestId('upload-submit').click();
    await expect(page.getByTestId('upload-error')).toContainText('Error uploading file');
    await expect(page.getByTestId('upload-error')).toContainText('Upload at most 10 files at a time.');
    await expect(page.getByTestId('empty-state')).toContainText('No Files available');
  });

  test('on a phone the upload form fits the screen, and a file uploads', async ({ page, js }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Site photos');
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);
    // Without JavaScript the file input's own width once pushed the form 19 px past the screen.
    await expectNoSidewaysScroll(page);
    await page.getByTestId('upload-input').setInputFiles([{ name: 'Site note.txt', mimeType: 'text/plain', buffer: Buffer.from('Level 2 slab poured') }]);
    if (!js) await page.getByTestId('upload-submit').click();
    await expect(toast(page)).toHaveText('Site note.txt uploaded');
    await expect(fileRows(page).getByTestId('file-name')).toHaveText(['Site note.txt']);
    await expectNoSidewaysScroll(page);
  });

  test('a file over the size limit is refused before it is sent, naming it', { tag: '@js-only' }, async ({ page, js }, testInfo) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Scans');
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);
    const limit = Number(await page.getByTestId('upload-dropzone').getAttribute('data-max-file-bytes'));
    // A sparse file one byte over the limit (the browser only reads its size before refusing it).
    const huge = path.join(testInfo.outputDir, 'huge scan.tif');
    await fs.mkdir(testInfo.outputDir, { recursive: true });
    await fs.writeFile(huge, '');
    await fs.truncate(huge, limit + 1);
    await page.getByTestId('upload-input').setInputFiles(huge);
    await expect(page.getByTestId('upload-error')).toContainText(`huge scan.tif: Each file must be at most ${limit / 1024 / 1024} MB.`);
    await expect(page.getByTestId('empty-state')).toContainText('No Files available');
  });

  test('the preview panel resizes with its handle, by keyboard and by mouse, between 220 and 600 px; Escape closes it', { tag: '@js-only' }, async ({ page, js }) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Drawings');
    await uploadThroughApi(token, { projectId: project.id, folderId }, [{ name: 'plan.pdf', data: demoPlanPdf('Resize') }]);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(folderPath(project.id, folderId));
    await ready(page, js);
    await fileRow(page, 'plan.pdf').getByTestId('file-details').click();
    const handle = page.getByTestId('preview-resize');
    const width = async () => Math.round((await panel(page).boundingBox())!.width);
    await expect(handle).toHaveAttribute('aria-valuenow', '320');
    expect(await width()).toBe(320);

    await handle.focus();
    await handle.press('ArrowLeft');
    await handle.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '360');
    expect(await width()).toBe(360);
    await handle.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', '220');

    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 500, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '600');
    expect(await width()).toBe(600);

    // Kept for the next visit.
    await page.reload();
    await ready(page, js);
    await expect(page.getByTestId('preview-resize')).toHaveAttribute('aria-valuenow', '600');

    // Escape closes the panel.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
  });

  test('the files pages send no zod, and only a folder’s page loads the drop zone', { tag: '@js-only' }, async ({ page }) => {
    const { project, token } = await firmWithProject(page);
    const folderId = await createFolderThroughApi(token, project.id, 'Drawings');
    // react-dropzone's own words for a file over its size.
    const hasDropzone = (scripts: Map<string, string>) => [...scripts.values()].some((text) => text.includes('File is larger than'));
    expect(hasDropzone(await scriptsDuring(page, () => page.goto(foldersPath(project.id))))).toBe(false);
    expect(hasDropzone(await scriptsDuring(page, () => page.goto(folderPath(project.id, folderId))))).toBe(true);
    await expectNoZod(page, foldersPath(project.id));
    await expectNoZod(page, `${folderPath(project.id, folderId)}?preview`);
  });
});
