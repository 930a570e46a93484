import type { Page } from '@playwright/test';
import { apiCall, DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';
import { folderPath, foldersPath } from '../e2e/workspace-files-data';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of a project's folders and files for review (screenshots/), on the demo firm's
 * first workspace project (its seeded folders and files): the folder list, and the Drawings
 * folder with the preview panel open on a picture and on the PDF, at 1280 and 375 px.
 * Runs only when asked: npm run screenshots -- workspace-files
 */

async function open(page: Page, js: boolean, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
  await page.goto(url);
  await ready(page, js);
}

test('workspace files', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const shot = (name: string, fullPage = true) => page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-files-${name}.png`, fullPage });
  const { token } = await loginAs(page, DEMO.firm);
  const { json: projects } = await apiCall<{ data: Array<{ id: string; projectName: string }> }>('GET', '/projects', undefined, token);
  const project = projects.data.find((p) => p.projectName === 'Koregaon Park Residence')!;
  const { json: folders } = await apiCall<{ data: { folders: Array<{ id: string; folderName: string }> } }>('GET', `/projects/folder/${project.id}`, undefined, token);
  const drawings = folders.data.folders.find((f) => f.folderName === 'Drawings')!.id;
  const { json: listed } = await apiCall<{ data: { files: Array<{ id: string; fileName: string }> } }>('GET', `/projects/files/${drawings}`, undefined, token);
  const fileId = (name: string) => listed.data.files.find((f) => f.fileName === name)!.id;

  for (const width of [1280, 375]) {
    await open(page, js, foldersPath(project.id), width);
    await shot(`folders-${width}`);
    await open(page, js, `${folderPath(project.id, drawings)}?preview=${fileId('Living room render.jpg')}`, width);
    const image = page.getByTestId('preview-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(`preview-image-${width}`, width !== 375);
    await open(page, js, `${folderPath(project.id, drawings)}?preview=${fileId('Ground floor plan.pdf')}`, width);
    await page.waitForTimeout(800); // the PDF viewer draws
    await shot(`preview-pdf-${width}`, width !== 375);
    await open(page, js, folderPath(project.id, drawings), width);
    await shot(`files-${width}`);
  }
});
