import type { Page } from '@playwright/test';
import { PORTAL_MESSAGES as M } from '../../server/contract/portal-rules';
import { E2E } from './env';
import { expect, loginAs, ready, test } from './fixtures';
import { architectWithClient } from './fee-helpers';
import { createFolderThroughApi, uploadThroughApi } from './workspace-files-data';

/**
 * Chosen files in the client's portal, JavaScript on and off (docs/decisions/422): the firm makes the
 * contact's portal and shares one drawing of the project's files; the client, on a 375 px phone,
 * sees that file alone and downloads it; once the firm stops sharing it, it is gone for them.
 */

const slow = expect.configure({ timeout: 30_000 });
const toast = (page: Page) => slow(page.getByTestId('toast'));
const NO_MARGIN = /trade|margin|profit|markup|cost rate|bill rate/i;

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('the firm shares a drawing; the client downloads it, and only it, until the firm stops sharing', async ({ page, browser, js }) => {
  test.setTimeout(120_000);
  const { firm, project, contactId } = await architectWithClient('Juhu Flat');
  const folderId = await createFolderThroughApi(firm.token, project.id, 'Drawings');
  await uploadThroughApi(firm.token, { projectId: project.id, folderId }, [
    { name: 'ground-floor-plan.pdf', data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), type: 'application/pdf' },
    { name: 'fee-workings.txt', data: Buffer.from('internal notes\n'), type: 'text/plain' },
  ]);

  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/address-book/${contactId}/portal`);
  await page.getByRole('button', { name: 'Make the client portal' }).click();
  await toast(page).toContainText('Client portal made');
  await ready(page, js);
  await page.getByLabel('Share a file').selectOption({ label: 'ground-floor-plan.pdf (Juhu Flat)' });
  await page.getByRole('button', { name: 'Share file' }).click();
  await toast(page).toContainText(M.fileShared);
  await expect(page.getByTestId('portal-shared-file')).toHaveCount(1);
  const portalPath = new URL(await page.getByTestId('portal-url').inputValue()).pathname;

  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const client = await context.newPage();
  await open(client, js, portalPath);
  const listed = client.getByTestId('portal-file');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('ground-floor-plan.pdf');
  const html = await client.content();
  expect(html).not.toContain('fee-workings');
  expect(html).not.toMatch(NO_MARGIN);
  const href = await listed.getByRole('link', { name: /Download ground-floor-plan\.pdf/ }).getAttribute('href');
  const download = await client.request.get(`${E2E.baseURL}${href}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await download.body()).toString()).toContain('%PDF-1.4');

  await ready(page, js);
  await page.getByRole('button', { name: 'Stop sharing ground-floor-plan.pdf' }).click();
  await toast(page).toContainText(M.fileUnshared);
  await open(client, js, portalPath);
  await expect(client.getByTestId('portal-file')).toHaveCount(0);
  expect((await client.request.get(`${E2E.baseURL}${href}`)).status()).toBe(404);
  await context.close();
});
