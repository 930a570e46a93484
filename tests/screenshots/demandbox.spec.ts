import { apiCall, DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_WIDTHS as WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the enquiry form (the Contact popup of a firm portfolio), the demand box (its
 * inbox and its held enquiries) and a lead's thread with its New Message dialog, at 1280 and 375 px, for review
 * (screenshots/leads-*.png), with the demo firms' seeded leads. Runs only when asked:
 * npm run screenshots -- demandbox
 */
const shot = (name: string, size: string) => `${SCREENSHOT_DIR}/leads-${name}-${size}.png`;

test('enquiry form, demand box and a lead thread', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(120_000);
  const { token: firmToken, user: firm } = await loginAs(page, DEMO.firm);
  const { json } = await apiCall<{ data: { leads: Array<{ id: string; name: string }> } }>('GET', '/leads', undefined, firmToken);
  const answered = json.data.leads.find((l) => l.name === 'Dr. Sunita Kapoor') ?? json.data.leads[0]!;

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await loginAs(page, DEMO.explorer);
    await page.goto(`/firms/${firm.id}?dialog=contact`);
    await ready(page, js);
    await expect(page.getByTestId('enquiry-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('enquiry-form', size.name) });
    await page.getByTestId('send-enquiry').click();
    await expect(page.getByText('Choose a project type', { exact: true })).toBeVisible();
    await page.screenshot({ path: shot('enquiry-form-errors', size.name) });

    await loginAs(page, DEMO.firm);
    await page.goto('/workspace/demandbox');
    await ready(page, js);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('demandbox', size.name), fullPage: true });
    await page.getByTestId('lead-row').first().getByTestId('lead-menu').click();
    await page.screenshot({ path: shot('demandbox-menu', size.name) });
    // The held ones (docs/decisions/340), each with its Release button.
    await page.goto('/workspace/demandbox?view=held');
    await ready(page, js);
    await expect(page.getByTestId('release-lead').first()).toBeVisible();
    await page.screenshot({ path: shot('demandbox-held', size.name), fullPage: true });

    await page.goto(`/workspace/demandboxdetails?id=${answered.id}`);
    await ready(page, js);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('thread', size.name), fullPage: true });

    await page.goto(`/workspace/demandboxdetails?id=${answered.id}&dialog=message`);
    await ready(page, js);
    await page.getByTestId('cc-toggle').locator('summary').click();
    await page.screenshot({ path: shot('new-message', size.name) });
  }
  // The empty demand box: a new firm's.
  await page.setViewportSize({ width: 1280, height: 860 });
  await loginAs(page, DEMO.interiorFirm);
  await page.goto('/workspace/demandbox?view=archived');
  await ready(page, js);
  await page.screenshot({ path: shot('demandbox-empty', '1280') });
});
