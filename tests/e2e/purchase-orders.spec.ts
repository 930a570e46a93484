import type { Page } from '@playwright/test';
import { billingProfileFields } from '../../server/seed/billing';
import { PURCHASE_ORDER_MESSAGES } from '../../server/contract/purchase-orders-rules';
import type { SummaryJson } from '../../server/contract/summary';
import { SCREENSHOT_DIR } from './env';
import { apiCall, apiChange, DEMO, expect, loginAs, ready, test } from './fixtures';
import { memberEmployee } from './schedule-helpers';
import { firmWithSummary } from './summary-output-helpers';

/**
 * Proposals, purchase orders and where the money stands in a browser, JavaScript on and off (decisions 283, 285, 286): a client
 * proposal PDF from the summary editor, a purchase order raised from the approved items of a
 * schedule to a supplier, acknowledged and received line by line, its PDF, and what it commits
 * on the Financial overview; an employee without "Can see financials" gets the proposal but no
 * trade price anywhere.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

/** firmWithSummary's firm with its Seating section approved, a billing profile and a supplier in Maharashtra. */
async function firmReadyToOrder() {
  const world = await firmWithSummary();
  const { firm, tree } = world;
  const seating = tree.rooms[0]!.sections[0]!.id;
  expect((await apiChange('PUT', `/projects/summary/sections/${seating}`, { status: 'approved' }, firm.token, async () => (await apiCall<{ data: SummaryJson }>('GET', `/projects/summary/${world.schedule.id}`, undefined, firm.token)).json.data.rooms[0]!.sections[0])).status).toBe(200);
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ legalName: 'Kapoor Design Studio LLP' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const supplier = await apiCall('POST', '/contacts', { name: 'Anita Kulkarni', company: 'Deccan Stoneworks', kind: 'supplier', email: 'sales@deccanstone.example', state: 'Maharashtra' }, firm.token);
  expect(supplier.status).toBe(201);
  return world;
}

test('a client proposal PDF from the editor; a purchase order raised, acknowledged and received line by line; committed on Financial', async ({ page, js }) => {
  test.setTimeout(120_000);
  const { firm, project, schedule } = await firmReadyToOrder();
  await loginAs(page, firm.email, firm.password);

  // The proposal: a button beside Export PDF, posting the same form to the proposal's address.
  await open(page, js, `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}&tab=financial`);
  const proposalButton = page.getByTestId('export-proposal');
  await expect(proposalButton).toHaveText(/Client proposal/);
  const action = await proposalButton.getAttribute('formaction');
  expect(action).toBe(`/workspace/project/schedules/summary-financial/${project.id}/proposal`);
  const pdf = await page.request.get(`${action}?schedule=${schedule.id}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The project's Purchase orders tab: the approved goods of the schedule, none ticked; labour and
  // fees are not bought from a supplier (decision 400).
  await open(page, js, `/workspace/project/schedules/${project.id}`);
  await page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/project/purchase-orders/${project.id}$`));
  await ready(page, js);
  const form = page.getByTestId('new-order-form');
  const armchair = form.getByRole('checkbox', { name: 'Order Cane armchair' });
  await expect(armchair).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Order Upholstery labour' })).toHaveCount(0);
  await armchair.check();
  // No supplier chosen: refused on its field, the tick kept.
  await page.getByTestId('raise-order').click();
  await expect(page.getByTestId('new-order-form').locator('.field-errors').first()).toHaveText(PURCHASE_ORDER_MESSAGES.supplierRequired);
  await expect(page.getByTestId('new-order-form').getByRole('checkbox', { name: 'Order Cane armchair' })).toBeChecked();
  await page.getByTestId('new-order-form').getByLabel('Supplier', { exact: true }).selectOption({ label: 'Deccan Stoneworks (Anita Kulkarni) · Maharashtra' });
  await page.getByTestId('new-order-form').getByLabel('Notes for the supplier (optional)').fill('Deliver to site after 10 am.');
  await page.getByTestId('raise-order').click();

  // The order's page: trade prices (2 × ₹30,000 = ₹60,000, before GST), status Sent.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Purchase order PO\/\d{4}-\d{2}\/0001/);
  await ready(page, js);
  await expect(page.getByTestId('order-status')).toHaveText('Sent');
  await expect(page.getByTestId('order-lines')).toContainText('₹30,000.00');
  await expect(page.getByText('₹60,000.00')).toBeVisible();
  await page.getByTestId('acknowledge-order').click();
  await expect(page.getByTestId('order-status')).toHaveText('Acknowledged');
  await ready(page, js);

  // One armchair of two arrives: partly received; more than ordered is refused on its field; then both.
  const received = page.getByTestId('received-quantity');
  await received.nth(0).fill('1');
  await page.getByTestId('save-received').click();
  await expect(page.getByTestId('order-status')).toHaveText('Partly received');
  await ready(page, js);
  await expect(page.getByTestId('received-quantity').nth(0)).toHaveValue('1');
  await page.getByTestId('received-quantity').nth(0).fill('5');
  await page.getByTestId('save-received').click();
  await expect(page.getByTestId('receive-form').locator('.field-errors').first()).toContainText(PURCHASE_ORDER_MESSAGES.receivedRange);
  await ready(page, js);
  await page.getByTestId('received-quantity').nth(0).fill('2');
  await page.getByTestId('save-received').click();
  await expect(page.getByTestId('order-status')).toHaveText('Received');

  // Its PDF.
  const orderPdf = await page.request.get((await page.getByTestId('order-pdf').getAttribute('href'))!);
  expect(orderPdf.headers()['content-type']).toBe('application/pdf');

  // Listed on the project's page, and committed on the Financial overview.
  await open(page, js, `/workspace/project/purchase-orders/${project.id}`);
  await expect(page.getByTestId('purchase-order-row')).toHaveCount(1);
  await expect(page.getByTestId('purchase-order-row')).toContainText('Received');
  await expect(page.getByTestId('new-order-form').getByText(/Already on PO\//).first()).toBeVisible();
  await open(page, js, '/workspace/project/schedules/Financial');
  await expect(page.getByTestId('financial-committed')).toHaveText('₹60,000.00');
  await expect(page.getByTestId('financial-row').filter({ hasText: 'Living and dining' })).toContainText('₹60,000.00');
});

test('an employee without "Can see financials" exports the client proposal but sees no purchase order or trade price', async ({ page, js }) => {
  test.setTimeout(90_000);
  const { firm, project, schedule, tree } = await firmReadyToOrder();
  const employee = await memberEmployee(firm, project.id);
  const supplier = (await apiCall<{ data: { contacts: Array<{ id: string }> } }>('GET', '/contacts?kind=supplier', undefined, firm.token)).json.data.contacts[0]!.id;
  const raised = await apiCall<{ data: { id: string } }>('POST', '/purchase-orders', { scheduleId: schedule.id, supplierId: supplier, itemIds: tree.rooms[0]!.sections[0]!.items }, firm.token);
  expect(raised.status).toBe(201);

  await loginAs(page, employee.email, employee.password);
  await open(page, js, `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`);
  await expect(page.getByTestId('export-proposal')).toBeVisible();
  const proposal = await page.request.get(`/workspace/project/schedules/summary-financial/${project.id}/proposal?schedule=${schedule.id}`);
  expect(proposal.headers()['content-type']).toBe('application/pdf');

  await open(page, js, `/workspace/project/purchase-orders/${project.id}`);
  await expect(page.getByText('Purchase orders show trade prices', { exact: true })).toBeVisible();
  await expect(page.getByTestId('new-order')).toHaveCount(0);
  const content = await page.content();
  for (const secret of ['₹30,000', '₹80,240', 'PO/']) expect(content).not.toContain(secret);
  // Nor by the order's address or its PDF.
  const orderPage = await page.request.get(`/workspace/project/purchase-orders/${project.id}/order/${raised.json.data.id}`);
  expect(orderPage.status()).toBe(403);
  expect(await orderPage.text()).not.toContain('₹30,000');
  const orderPdf = await page.request.get(`/workspace/project/purchase-orders/${project.id}/order/${raised.json.data.id}/pdf`);
  expect(orderPdf.headers()['content-type'] ?? '').not.toContain('application/pdf');
});

test('screenshots of the purchase-order pages', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  await loginAs(page, DEMO.firm);
  await open(page, js, '/workspace/project');
  // The demo firm's project with the seeded order (seed/purchase-orders.ts).
  const hrefs = await page.locator('a[href^="/workspace/project/files/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  let projectId = '';
  for (const href of hrefs) {
    await open(page, js, `/workspace/project/purchase-orders/${href.split('/').pop()}`);
    if (await page.getByTestId('purchase-order-row').count()) {
      projectId = href.split('/').pop()!;
      break;
    }
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, `/workspace/project/purchase-orders/${projectId}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/purchase-orders-${width}.png`, fullPage: true });
    await page.getByTestId('purchase-order-row').first().getByRole('link').click();
    await ready(page, js);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/purchase-order-${width}.png`, fullPage: true });
    await open(page, js, '/workspace/project/schedules/Financial');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/financial-committed-${width}.png`, fullPage: true });
  }
});
