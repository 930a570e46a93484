import type { SummaryJson } from '../../server/contract/summary';
import { SUMMARY_MESSAGES } from '../../server/contract/summary';
import { billingProfileFields } from '../../server/seed/billing';
import { apiCall, apiChange, expect, ready, test } from './fixtures';
import { openItem, openSummary, toast } from './summary-editor-helpers';

/**
 * Fractional quantities in the summary and financial editor (decision 403), JavaScript on and off:
 * 12.5 MTR typed on an item (a fourth decimal refused on its field first), its figures worked by
 * hand, and an invoice made from its section carrying 12.5 MTR rather than whole NOS.
 */

test('enter 12.5 MTR on an item: its figures follow, and its invoice line says 12.5 MTR', async ({ page, js }) => {
  test.setTimeout(90_000);
  const { firm, schedule, armchair, armchairId } = await openSummary(page, js, 'tab=financial');
  await openItem(armchair);
  await armchair.getByTestId('money-quantity').fill('12.5001');
  await armchair.getByTestId('save-item').click();
  await expect(page.getByRole('alert').filter({ hasText: SUMMARY_MESSAGES.checkFigures })).toBeVisible();
  await expect(armchair.locator('.field-error')).toHaveText(SUMMARY_MESSAGES.quantityRange);

  await ready(page, js);
  await armchair.getByTestId('money-quantity').fill('12.5');
  await armchair.getByTestId('money-unit').selectOption('MTR');
  // 12.5 × ₹45,000 less 10 % = ₹5,06,250.00; trade 12.5 × ₹30,000 = ₹3,75,000.00.
  if (js) await expect(armchair.getByTestId('item-figures')).toContainText('₹5,06,250.00');
  await armchair.getByTestId('save-item').click();
  await expect(toast(page)).toHaveText('Saved');
  await expect(page).toHaveURL(new RegExp(`#row-${armchairId}$`));
  await expect(armchair.getByTestId('item-figures')).toContainText('₹5,06,250.00');
  await expect(armchair.getByTestId('item-figures')).toContainText('₹3,75,000.00');

  // The section approved, an invoice of it: the line carries the item's 12.5 MTR.
  const read = async () => (await apiCall<{ data: SummaryJson }>('GET', `/projects/summary/${schedule.id}`, undefined, firm.token)).json.data;
  const seating = (await read()).rooms[0]!.sections[0]!;
  expect(seating.items[0]).toMatchObject({ quantity: '12.5', unit: 'MTR' });
  expect((await apiCall('PUT', `/projects/summary/sections/${seating.id}`, { status: 'approved', version: seating.version }, firm.token)).status).toBe(200);
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'QTY' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const client = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Asha Rao', kind: 'client', email: 'asha@example.test', state: 'Maharashtra', address: 'Pune' }, firm.token);
  const draft = await apiCall<{ data: { id: string } }>('POST', '/invoices', { contactId: client.json.data.id, scheduleId: schedule.id, sectionIds: [seating.id] }, firm.token);
  expect(draft.status).toBe(201);
  await page.goto(`/workspace/invoices/${draft.json.data.id}`);
  await ready(page, js);
  await expect(page.getByText('12.5 MTR', { exact: true })).toBeVisible();
  await expect(page.getByText('₹5,06,250.00').first()).toBeVisible();
});
