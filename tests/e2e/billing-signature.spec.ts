import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DIGITALLY_SIGNED_TEXT, SIGNATURE_MESSAGES } from '../../server/contract/billing-rules';
import { billingProfileFields } from '../../server/seed/billing';
import { pdfImages, pdfText } from '../helpers/pdf';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { newFirm } from './workspace-helpers';

/**
 * CGST rule 46(q), decision 402, JavaScript on and off: the firm uploads its signature on the
 * Billing profile page (a text file is refused on the field), its tax invoice PDF prints it above
 * "Authorised signatory", and after Remove the PDF says it is digitally signed again.
 */

const SIGNATURE = readFileSync(path.resolve('tests/fixtures/signature.png'));

async function invoicePdf(page: Page, invoiceId: string) {
  const res = await page.request.get(`/workspace/invoices/${invoiceId}/pdf`);
  expect(res.status()).toBe(200);
  return res.body();
}

test('rule 46(q): upload the signature on the billing profile, see it on the tax invoice PDF, remove it', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await newFirm();
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'SGN' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const client = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Asha Rao', kind: 'client', email: 'asha@example.test', state: 'Maharashtra', address: 'Pune' }, firm.token);
  const draft = await apiCall<{ data: { id: string; version: number } }>('POST', '/invoices', { contactId: client.json.data.id, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 50_000_00, rateBp: 1800 }] }, firm.token);
  const invoiceId = draft.json.data.id;
  expect((await apiCall('POST', `/invoices/${invoiceId}/issue`, { version: draft.json.data.version }, firm.token)).status).toBe(200);
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/setting/billing');
  await ready(page, js);

  const section = page.getByTestId('signature-section');
  await expect(section.getByTestId('signature-none')).toBeVisible();
  await section.getByLabel('Signature image').setInputFiles({ name: 'signature.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture\n') });
  await page.getByTestId('upload-signature').click();
  const field = page.getByTestId('signature-section').getByLabel('Signature image');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('signature-section')).toContainText(SIGNATURE_MESSAGES.type);

  await ready(page, js);
  await page.getByTestId('signature-section').getByLabel('Signature image').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: SIGNATURE });
  await page.getByTestId('upload-signature').click();
  await expect(page.getByTestId('toast')).toContainText(SIGNATURE_MESSAGES.saved);
  await expect(page.getByTestId('signature-preview').getByRole('img', { name: /Signature for/ })).toBeVisible();
  const signed = await invoicePdf(page, invoiceId);
  expect(pdfText(signed)).toContain('Authorised signatory');
  expect(pdfText(signed)).not.toContain(DIGITALLY_SIGNED_TEXT);
  expect(pdfImages(signed)).toContainEqual(expect.objectContaining({ width: 300, height: 100 }));

  await ready(page, js);
  await page.getByTestId('remove-signature').click();
  await expect(page.getByTestId('toast')).toContainText(SIGNATURE_MESSAGES.removed);
  await expect(page.getByTestId('signature-none')).toBeVisible();
  const unsigned = await invoicePdf(page, invoiceId);
  expect(pdfText(unsigned).replace(/\s+/g, ' ')).toContain(DIGITALLY_SIGNED_TEXT);
  expect(pdfImages(unsigned)).toEqual([]);
});
