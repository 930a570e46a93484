import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { htmlErrors } from './html-checker';
import { billingProfileFields } from '../../server/seed/billing';
import { INVOICE_MESSAGES } from '../../server/contract/invoices-rules';
import { pdfText } from '../helpers/pdf';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { newFirm } from './workspace-helpers';

/**
 * A fractional quantity with its unit and a line's HSN/SAC (CGST rule 46(f)–(g), decisions 382 and
 * 407) in a browser, JavaScript on and off: 12.5 of curtain fabric added through the draft's "Add a
 * line" form (a line without a code or unit is a service and takes the firm's SAC), its HSN and unit
 * then edited to 5407 and MTR, the draft issued, and the page and the PDF both read "12.5 MTR".
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('add a 12.5 line, edit its HSN and unit to MTR, issue: the page and the PDF show 12.5 MTR', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await newFirm();
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'QTY' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const client = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Asha Rao', kind: 'client', email: 'asha@example.test', state: 'Maharashtra', address: 'Pune' }, firm.token);
  const draft = await apiCall<{ data: { id: string } }>('POST', '/invoices', { contactId: client.json.data.id, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 10_000_00, rateBp: 1800 }] }, firm.token);
  expect(draft.status).toBe(201);
  await loginAs(page, firm.email, firm.password);
  const url = `/workspace/invoices/${draft.json.data.id}`;
  await open(page, js, url);
  // The design fee sent without a code: an architect's SAC for other works (998323).
  await expect(page.getByTestId('invoice-line').filter({ hasText: 'Design fee' })).toContainText('998323');

  const add = page.getByTestId('add-line-form');
  await add.getByLabel('Description').fill('Curtain fabric');
  await add.getByLabel('Quantity').fill('12.5');
  await add.getByLabel('Unit price (₹, before GST)').fill('1,200');
  await page.getByTestId('add-line').click();
  await expect(page.getByTestId('toast')).toContainText(INVOICE_MESSAGES.lineAdded);
  const fabric = page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' });
  // 12.5 × ₹1,200 = ₹15,000.00 before GST.
  await expect(fabric).toContainText('₹15,000.00');

  await ready(page, js);
  await fabric.getByText('Edit', { exact: true }).click();
  const edit = fabric.getByTestId('edit-line-form');
  await edit.getByLabel('HSN/SAC code').fill('5407');
  await edit.getByLabel('Unit', { exact: true }).selectOption('MTR');
  await expect(edit.getByLabel('Quantity')).toHaveValue('12.5');
  await edit.getByTestId('save-line').click();
  await expect(page.getByTestId('toast')).toContainText(INVOICE_MESSAGES.lineChanged);
  const edited = page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' });
  await expect(edited).toContainText('5407');
  await expect(edited).toContainText('12.5 MTR');

  // The draft with a line's Edit open: no serious axe violation, valid HTML (the audit's rules, for a draft's forms).
  if (js) {
    await page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' }).getByText('Edit', { exact: true }).click();
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    expect(await htmlErrors([{ name: 'draft invoice', html: await (await page.request.get(url)).text() }])).toEqual([]);
    await page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' }).getByText('Edit', { exact: true }).click();
  }

  // A refused quantity is shown on its field, in the line's form opened again, with what was typed.
  await ready(page, js);
  await edited.getByText('Edit', { exact: true }).click();
  await edited.getByTestId('edit-line-form').getByLabel('Quantity').fill('12.5555');
  await edited.getByTestId('save-line').click();
  const again = page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' }).getByTestId('edit-line-form');
  await expect(again.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByLabel('Quantity')).toHaveValue('12.5555');
  await expect(again).toContainText(INVOICE_MESSAGES.quantity);

  await open(page, js, url);
  await page.getByTestId('issue-invoice').click();
  await expect(page.getByRole('heading', { name: /^Invoice QTY\/\d{2,4}-\d{2}\/0001$/, level: 1 })).toBeVisible();
  await expect(page.getByTestId('invoice-line').filter({ hasText: 'Curtain fabric' })).toContainText('12.5 MTR');
  await expect(page.getByTestId('edit-line')).toHaveCount(0);

  const pdf = await page.request.get(`${url}/pdf`);
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
  expect(text).toContain('12.5 MTR');
  expect(text).toContain('5407');
});
