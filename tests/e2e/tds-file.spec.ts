import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TDS_MESSAGES } from '../../server/contract/tds';
import { billingProfileFields } from '../../server/seed/billing';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { newFirm } from './workspace-helpers';
import { zipArchive } from '../helpers/documents';

/**
 * Form 26AS as a file (decision 383), JavaScript on and off: the TRACES text download uploaded on
 * the TDS page is compared as its pasted text is; a PDF in its place is refused on the file field
 * with what to download instead. The ZIP TRACES gives is read for the text inside; a
 * password-protected one is refused saying to unzip it first (decision 401).
 */

const LABEL = 'Form 26AS file (.txt or .zip) or AIS CSV';

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('upload the Form 26AS ZIP to compare its text; a PDF and a password-protected ZIP are refused on the field', async ({ page, js }) => {
  const firm = await newFirm();
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'TDF' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  await loginAs(page, firm.email, firm.password);
  await open(page, js, '/workspace/invoices/tds?fy=2026-27');

  const form = page.getByTestId('statement-form');
  await form.getByLabel(LABEL).setInputFiles({ name: '26AS.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1') });
  await page.getByTestId('compare-26as').click();
  const field = page.getByTestId('statement-form').getByLabel(LABEL);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('statement-form')).toContainText(TDS_MESSAGES.fileWrongType('pdf'));

  const sample = readFileSync(path.resolve('tests/fixtures/form-26as-sample.txt'));
  await ready(page, js);
  await page.getByTestId('statement-form').getByLabel(LABEL).setInputFiles({ name: '26AS.zip', mimeType: 'application/zip', buffer: zipArchive([{ name: '26AS.txt', data: sample, encrypted: true }]) });
  await page.getByTestId('compare-26as').click();
  await expect(page.getByTestId('statement-form')).toContainText(TDS_MESSAGES.fileZip);

  await ready(page, js);
  await page.getByTestId('statement-form').getByLabel(LABEL).setInputFiles({ name: '26AS.zip', mimeType: 'application/zip', buffer: zipArchive([{ name: '26AS.txt', data: sample }]) });
  await page.getByTestId('compare-26as').click();
  await expect(page.getByTestId('tds-unmatched')).toContainText('KAPOOR HOLDINGS (PNEK54321B)');
  await expect(page.getByTestId('tds-unmatched')).toContainText('SMILE DENTAL CLINIC PRIVATE LIMITED (MUMS12345A)');
});
