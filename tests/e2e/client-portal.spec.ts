import type { Browser, Page } from '@playwright/test';
import { PORTAL_MESSAGES as M } from '../../server/contract/portal-rules';
import { SHARE_MESSAGES } from '../../server/contract/share-links-rules';
import { pdfText } from '../helpers/pdf';
import { E2E, SCREENSHOT_DIR } from './env';
import { DEMO, expect, lastMailTo, loginAs, ready, test } from './fixtures';

/**
 * The client's side, JavaScript on and off (docs/decisions/390–392): the demo firm's client opens
 * the link the firm sends on WhatsApp, on a 375 px phone; proves the address with a mailed code;
 * approves two items and rejects one with a reason (docs/decisions/412); opens the invoice, pays a
 * part by UPI and says so with the UTR; the firm reads the client's words on the Client Board and in
 * the decision log PDF (413), and confirms the payment on the invoice's page (414), and the receipt
 * appears. The preview tags are read as a messenger reads them, and no trade price or margin is
 * anywhere in what the client gets.
 */

const slow = expect.configure({ timeout: 30_000 });
const CLIENT_EMAIL = 'rhea.kapoor@example.test';
const PHONE = { width: 375, height: 812 };

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

/** The firm's page of its client's portal, and the portal's path from its WhatsApp button. */
async function firmPortalPage(page: Page, js: boolean) {
  await loginAs(page, DEMO.firm);
  await open(page, js, '/workspace/address-book');
  await page.getByRole('link', { name: 'Client portal of Rhea Kapoor' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client portal — Rhea Kapoor');
  const whatsapp = await page.getByTestId('portal-whatsapp').getAttribute('href');
  // wa.me with the contact's number (91 and its 10 digits) and a message carrying the link.
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919822011223\?text=/);
  const text = decodeURIComponent(new URL(whatsapp!).searchParams.get('text') ?? '');
  const url = /https?:\/\/\S+\/portal\/[A-Za-z0-9_-]{43}/.exec(text)![0];
  expect(await page.getByTestId('portal-url').inputValue()).toBe(url);
  return new URL(url).pathname;
}

async function clientPage(browser: Browser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** What a messenger reads of a link: the HTML as sent (no script run), its Open Graph tags parsed. */
async function previewOf(page: Page, path: string) {
  const res = await page.request.get(`${E2E.baseURL}${path}`, { headers: { 'user-agent': 'WhatsApp/2.24.1 A' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const tags = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return Object.fromEntries([...doc.querySelectorAll('meta[property^="og:"], meta[name="robots"]')].map((m) => [m.getAttribute('property') ?? m.getAttribute('name'), m.getAttribute('content')]));
  }, html);
  return { html, tags };
}

/**
 * Asks a code and types it. The other project's run of this journey proves the same demo client at
 * the same time, and a newer code burns the older one: a refused code is asked again.
 */
async function proveAddress(client: Page, js: boolean) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await client.locator('button[name=intent][value=send]').click();
    await slow(client.getByTestId('toast')).toContainText('We sent a 6-digit code to r***@example.test');
    await ready(client, js);
    const mail = await lastMailTo(CLIENT_EMAIL, 'Your code for Mehta Studio Architects');
    await client.getByLabel('Code from the mail').fill(/is (\d{6})\./.exec(mail.text)![1]!);
    await client.getByRole('button', { name: 'Confirm', exact: true }).click();
    const outcome = await Promise.race([
      slow(client.getByTestId('toast')).toContainText(M.proven).then(() => 'proven' as const, () => 'none' as const),
      slow(client.locator('#proof-error')).toBeVisible().then(() => 'refused' as const, () => 'none' as const),
    ]);
    await ready(client, js);
    if (outcome === 'proven') return;
  }
  throw new Error('the address was never proved');
}

const NO_MARGIN = /trade|margin|profit|markup|cost rate|bill rate/i;

test('the client approves, pays a part by UPI, and sees the receipt once the firm confirms it', async ({ page, browser, js }) => {
  test.setTimeout(240_000);
  const path = await firmPortalPage(page, js);
  const client = await clientPage(browser, js);

  // The link as a messenger previews it: title, description, a noindex page, under 60 KB of HTML.
  const preview = await previewOf(client, path);
  expect(preview.tags['og:title']).toBe('Your page with Mehta Studio Architects');
  expect(preview.tags['og:description']).toContain('Schedules to approve, invoices and receipts');
  expect(preview.tags['og:url']).toBe(`${E2E.baseURL}${path}`);
  expect(preview.tags['og:image']).toMatch(/\/api\/previews\/.+\.jpg$/);
  expect(preview.tags.robots).toBe('noindex, nofollow');
  expect(preview.html.length, 'HTML bytes of the portal').toBeLessThanOrEqual(60_000);
  expect(preview.html).not.toMatch(NO_MARGIN);

  await open(client, js, path);
  await expect(client.getByRole('heading', { level: 1 })).toHaveText('Hello Rhea Kapoor');
  await expect(client.getByTestId('portal-unproven')).toBeVisible();
  await client.screenshot({ path: `${SCREENSHOT_DIR}/portal-375-${js ? 'js' : 'nojs'}.png`, fullPage: true });

  // The schedule to approve: the first decision asks the client to prove the address.
  const schedule = client.getByTestId('portal-schedule').first();
  await schedule.getByRole('link', { name: /^Open / }).click();
  await ready(client, js);
  const sections = client.getByTestId('client-section');
  await slow(sections.first()).toBeVisible();
  expect(await client.content()).not.toMatch(NO_MARGIN);
  // Item by item: the first decision asks the client to prove the address.
  const items = (section: number) => sections.nth(section).getByTestId('client-item');
  await items(0).nth(0).getByRole('button', { name: /^Approve / }).click();
  await slow(client).toHaveURL(/\/prove\?back=/);
  await proveAddress(client, js);

  // Proved: two items approved, one rejected with the client's reason (this run's own words).
  await slow(sections.first()).toBeVisible();
  const approvalPage = client.url().replace(/#.*$/, '');
  for (const index of [0, 1]) {
    await items(0).nth(index).getByRole('button', { name: /^Approve / }).click();
    await slow(client.getByTestId('toast')).toContainText(SHARE_MESSAGES.itemApprovedDone);
    await ready(client, js);
  }
  const reason = `The rug is too dark: something lighter, please (${js ? 'on' : 'off'})`;
  const rug = items(2).nth(0);
  await rug.getByRole('button', { name: /^Reject / }).click();
  await expect(rug.getByRole('alert')).toHaveText(SHARE_MESSAGES.rejectNeedsComment);
  await rug.getByRole('textbox').fill(reason);
  await rug.getByRole('button', { name: /^Reject / }).click();
  await slow(client.getByTestId('toast')).toContainText(SHARE_MESSAGES.itemRejectedDone);
  await ready(client, js);
  await expect(items(0).nth(0).getByTestId('item-history')).toContainText('You approved this');
  await expect(items(0).nth(1).getByTestId('item-history')).toContainText('You approved this');
  await expect(items(2).nth(0).getByTestId('item-history')).toContainText(reason);
  await expect(sections.nth(2).locator('.so-status')).toHaveText('Rejected');
  // The approval page stays small on the phone: under 60 KB of HTML, client prices only.
  const approvalHtml = await (await client.request.get(approvalPage)).text();
  expect(approvalHtml.length, 'HTML bytes of the approval page').toBeLessThanOrEqual(60_000);
  expect(approvalHtml).not.toMatch(NO_MARGIN);
  await client.screenshot({ path: `${SCREENSHOT_DIR}/portal-approval-375-${js ? 'js' : 'nojs'}.png`, fullPage: true });

  // Back to the portal, then the invoice: a part paid by UPI, told with its UTR.
  await client.getByTestId('portal-home').click();
  await ready(client, js);
  await client.getByTestId('portal-invoice').first().getByRole('link', { name: /^See( and pay)? invoice/ }).click();
  await slow(client).toHaveURL(/\/invoices\/[^/]+$/);
  await ready(client, js);
  await expect(client.getByTestId('portal-total')).toBeVisible();
  const number = (await client.getByRole('heading', { level: 1 }).textContent())!.trim();
  await client.getByRole('textbox', { name: /^Pay a part by UPI/ }).fill('5000');
  await client.getByRole('button', { name: 'Show the UPI link' }).click();
  await ready(client, js);
  const upi = client.getByTestId('upi-button');
  await expect(upi).toHaveText('Pay ₹5,000.00 by UPI');
  const href = (await upi.getAttribute('href'))!;
  expect(href).toMatch(/^upi:\/\/pay\?/);
  expect(href).toContain('am=5000.00');
  expect(href).toContain(`tr=${encodeURIComponent(number)}`);
  expect(await client.content()).not.toMatch(NO_MARGIN);
  await client.screenshot({ path: `${SCREENSHOT_DIR}/portal-invoice-375-${js ? 'js' : 'nojs'}.png`, fullPage: true });

  const utr = `${js ? '41' : '42'}${Date.now()}`.slice(0, 12);
  const paid = client.getByRole('form', { name: 'I have paid' });
  await paid.getByLabel('Amount (₹)').fill('5000');
  await paid.getByLabel('UPI reference (UTR) or bank reference').fill(utr);
  await paid.getByRole('button', { name: /^Tell / }).click();
  await slow(client.getByTestId('toast')).toContainText(M.noteSaved);
  await ready(client, js);
  await expect(client.getByTestId('portal-note').filter({ hasText: utr })).toContainText('Being confirmed');

  // The firm reads the client's words on the Client Board, and in the project's decision log PDF.
  await open(page, js, '/workspace/client-board');
  // Newest first (a retried run has decided before).
  const decision = page.getByTestId('decision').filter({ hasText: reason }).first();
  await expect(decision).toContainText('Hand-knotted wool rug');
  await expect(decision).toHaveAttribute('data-decision', 'rejected');
  const projectId = /summary-financial\/([^?]+)/.exec((await decision.getByRole('link').getAttribute('href'))!)![1]!;
  const logLink = page.locator(`a[href="/workspace/client-board/log/${projectId}.pdf"]`);
  await expect(logLink).toBeVisible();
  const log = await page.request.get(`${E2E.baseURL}${await logLink.getAttribute('href')}`);
  expect(log.status()).toBe(200);
  expect(log.headers()['content-type']).toContain('application/pdf');
  const logText = (await pdfText(await log.body())).replace(/\s+/g, ' ');
  for (const words of ['Decision log', 'Hand-knotted wool rug', 'Rejected', 'Three-seater sofa', 'Approved', 'Client portal for']) expect(logText).toContain(words);
  expect(logText).toContain(reason.slice(0, 30));

  // The firm sees the payment note, and confirms it on the invoice's page: the payment is recorded with its receipt.
  await open(page, js, `/workspace/address-book`);
  await page.getByRole('link', { name: 'Client portal of Rhea Kapoor' }).click();
  const note = page.getByTestId('payment-note').filter({ hasText: utr });
  await expect(note).toContainText('To confirm');
  await expect(page.getByTestId('portal-shared-schedule').first()).toContainText(/approved/);
  await note.getByRole('link', { name: number }).click();
  await slow(page).toHaveURL(/\/workspace\/invoices\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${number}`);
  await ready(page, js);
  const pending = page.getByTestId('payment-notes').getByTestId('payment-note').filter({ hasText: utr });
  await expect(pending).toContainText('To confirm');
  await pending.getByRole('button', { name: /^Confirm / }).click();
  await slow(page.getByTestId('toast')).toContainText('Payment confirmed: receipt');
  await ready(page, js);
  await expect(page.getByTestId('payment-note').filter({ hasText: utr })).toHaveCount(0);
  await expect(page.getByTestId('payments-table')).toContainText(utr);
  await open(page, js, `/workspace/address-book`);
  await page.getByRole('link', { name: 'Client portal of Rhea Kapoor' }).click();
  await expect(page.getByTestId('payment-note').filter({ hasText: utr })).toContainText('Confirmed, receipt');

  // The client's invoice now lists the payment and its receipt PDF.
  await client.reload();
  await ready(client, js);
  const payment = client.getByTestId('portal-payment').filter({ hasText: utr });
  await expect(payment).toContainText('₹5,000');
  const receiptHref = (await payment.getByRole('link', { name: /^Receipt / }).getAttribute('href'))!;
  const receipt = await client.request.get(`${E2E.baseURL}${receiptHref}`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toContain('application/pdf');
  await client.context().close();
});

test('a wrong or revoked link shows a clear page and leaks nothing', async ({ page, js }) => {
  await open(page, js, `/portal/${'A'.repeat(43)}`);
  await expect(page.getByTestId('portal-error')).toHaveAttribute('data-status', '404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
  expect(await page.content()).not.toContain('Rhea');
});
