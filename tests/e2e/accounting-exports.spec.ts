import { XMLParser } from 'fast-xml-parser';
import { isoDay } from '../../server/contract/dates';
import { DEMO, expect, loginAs, ready, test } from './fixtures';

/**
 * The Accounting exports page (docs/decisions/405, 406) with JavaScript on and off: reached from
 * the Financial overview, a return period picked with a GET form, GSTR-1's figures shown, and the
 * downloads (plain links) giving the portal's JSON and Tally's XML.
 */

test('the firm picks a return period, reads GSTR-1 in figures and downloads the JSON and the Tally file', async ({ page, js }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.firm);
  await page.goto('/workspace/project/schedules/Financial');
  await ready(page, js);
  await page.getByTestId('accounting-exports-link').click();
  await expect(page.getByRole('heading', { name: 'Accounting exports', level: 1 })).toBeVisible();
  await ready(page, js);

  const month = isoDay(new Date()).slice(0, 7);
  await page.getByLabel('Return period', { exact: true }).selectOption(month);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`period=${month}`));
  await expect(page.getByTestId('gstr1-summary')).toBeVisible();
  await expect(page.getByTestId('gstr1-documents')).toContainText('documents numbered');

  const jsonHref = await page.getByTestId('gstr1-json').getAttribute('href');
  const json = await page.request.get(jsonHref!);
  expect(json.status()).toBe(200);
  expect(json.headers()['content-disposition']).toMatch(/attachment; filename="GSTR1-\w{15}-\d{6}\.json"/);
  const body = (await json.json()) as { gstin: string; fp: string; hsn: object; doc_issue: object };
  expect(body.fp).toBe(`${month.slice(5, 7)}${month.slice(0, 4)}`);
  expect(Object.keys(body)).toEqual(expect.arrayContaining(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'doc_issue']));

  const tally = await page.request.get((await page.getByTestId('tally-xml').getAttribute('href'))!);
  expect(tally.status()).toBe(200);
  const xml = new XMLParser().parse(await tally.text()) as { ENVELOPE: { HEADER: { TALLYREQUEST: string } } };
  expect(xml.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
});

test('a backwards date range is refused on the page and the links keep the year', async ({ page, js }) => {
  test.setTimeout(60_000);
  await loginAs(page, DEMO.firm);
  await page.goto('/workspace/project/schedules/Financial/accounting-exports');
  await ready(page, js);
  const tallyBefore = await page.getByTestId('tally-xml').getAttribute('href');
  await page.getByLabel('From').fill('2026-03-31');
  await page.getByLabel('To').fill('2026-03-01');
  await page.getByRole('button', { name: 'Use these dates' }).click();
  await expect(page.getByRole('alert')).toHaveText('The last day cannot be before the first');
  await expect(page.getByTestId('tally-xml')).toHaveAttribute('href', tallyBefore!);
});
