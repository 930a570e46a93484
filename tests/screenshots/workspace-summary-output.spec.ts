import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCall, expect, loginAs, test } from '../e2e/fixtures';
import { E2E, SCREENSHOT_DIR } from '../e2e/env';
import { openForScreenshot } from './helpers';
import { firmWithSummary } from '../e2e/summary-output-helpers';

/**
 * Screenshots of the summary's outputs for review (screenshots/summary-output-*.png): the
 * PDF's pages (pdftoppm, 1280 and 375 px wide), the Financial overview, the Client Board and the
 * client's approval page, at 1280 and 375 px. Runs only when asked:
 * npm run screenshots -- workspace-summary-output
 */

const DIR = SCREENSHOT_DIR;


/** Every page of a PDF as PNGs `width` px wide: SCREENSHOT_DIR/<name>-p<N>-<width>.png. */
function pdfPages(pdf: Buffer, name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-shots-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  for (const width of [1280, 375]) {
    execFileSync('pdftoppm', ['-png', '-scale-to-x', String(width), '-scale-to-y', '-1', file, path.join(dir, `w${width}`)]);
    const pages = fs.readdirSync(dir).filter((f) => f.startsWith(`w${width}`)).sort();
    pages.forEach((f, i) => fs.copyFileSync(path.join(dir, f), path.join(DIR, `${name}-p${i + 1}-${width}.png`)));
  }
}

test('summary outputs', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(120_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  const base = `/workspace/project/schedules/summary-financial/${project.id}/pdf?schedule=${schedule.id}`;
  pdfPages(await (await page.request.get(`${base}&tab=financial`)).body(), 'summary-output-pdf-financial');
  pdfPages(await (await page.request.get(`${base}&tab=summary&sections=${tree.rooms[0]!.sections[0]!.id}`)).body(), 'summary-output-pdf-one-section');

  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, '/workspace/project/schedules/Financial', width);
    await page.screenshot({ path: `${DIR}/summary-output-financial-${width}.png`, fullPage: true });
  }

  await openForScreenshot(page, js, `/workspace/client-board?panel=new&schedule=${schedule.id}`, 1280);
  await page.getByTestId('share-panel').getByLabel('Client name').fill('Mrs Rao');
  await page.getByTestId('share-panel').getByRole('button', { name: 'Create link' }).click();
  const url = await page.getByTestId('link-url').inputValue();
  await page.screenshot({ path: `${DIR}/summary-output-link-created-1280.png`, fullPage: true });

  await page.context().clearCookies();
  await openForScreenshot(page, js, url, 1280);
  const lighting = page.getByTestId('client-section').filter({ hasText: 'Lighting' });
  await lighting.getByLabel(/^The whole section: comment/).fill('Too cold; warmer lamps please');
  await lighting.getByRole('button', { name: /^Reject the whole section/ }).click();
  await expect(lighting.getByTestId('your-decision')).toBeVisible();
  await page.getByTestId('client-section').filter({ hasText: 'Seating' }).getByRole('button', { name: /^Approve the whole section/ }).click();
  await expect(page.getByTestId('your-decision')).toHaveCount(2);
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, url, width);
    await page.screenshot({ path: `${DIR}/summary-output-client-page-${width}.png`, fullPage: true });
  }
  await openForScreenshot(page, js, `${url.slice(0, -3)}xyz`, 375);
  await page.screenshot({ path: `${DIR}/summary-output-client-link-not-found-375.png`, fullPage: true });

  await loginAs(page, firm.email, firm.password);
  for (const title of ['Brass floor lamp', 'Cane armchair', 'Walnut dining table']) {
    await fetch(`${E2E.apiURL}/api/projects/library`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firm.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, description: 'Solid wood, hand finished; made to order in six weeks', retailPrice: 2_450_000, tradePrice: 1_700_000 }),
    });
  }
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, '/workspace/project-library', width);
    await page.screenshot({ path: `${DIR}/summary-output-library-${width}.png`, fullPage: true });
  }
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, '/workspace/client-board', width);
    await page.screenshot({ path: `${DIR}/summary-output-client-board-${width}.png`, fullPage: true });
  }
});

test('the editor with the library and share actions', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const { firm, project, schedule, tree } = await firmWithSummary();
  const chair = tree.rooms[0]!.sections[0]!.items[0]!;
  expect((await apiCall('POST', `/projects/library/from-item/${chair}`, undefined, firm.token)).status).toBe(201);
  await loginAs(page, firm.email, firm.password);
  for (const width of [1280, 375]) {
    await openForScreenshot(page, js, `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`, width);
    await page.screenshot({ path: `${DIR}/summary-editor-library-${width}.png`, fullPage: true });
  }
});
