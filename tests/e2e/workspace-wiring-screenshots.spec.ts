import { openDatabase } from '../../server/db/connection';
import { createFirm } from '../../server/seed/factories';
import { databaseUrl } from '../setup/database-url';
import { E2E } from './env';
import { apiCall, expect, loginAs, ready, test } from './fixtures';
import { uniqueSuffix } from './firm-helpers';

/**
 * The Setting page with the iCal card and the firm's plan, at 1280 and 375 px (docs/screenshots/).
 * Runs only when asked: SCREENSHOTS=1 E2E_PORT=4100 npx playwright test workspace-wiring-screenshots --project=js
 */
const WIDTHS = [
  { name: '1280', width: 1280, height: 860 },
  { name: '375', width: 375, height: 812 },
];

test('Setting with the iCal card and the plan', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const database = await openDatabase({ url: databaseUrl(E2E.database), dataDir: E2E.dataDir });
  const suffix = uniqueSuffix();
  let firm;
  try {
    firm = await createFirm(database.db, { firmName: 'Kiran Joshi Architects', email: `setting-${suffix}@example.test`, password: 'secret123' });
  } finally {
    await database.close();
  }
  const { token } = await loginAs(page, firm.email, 'secret123');
  await apiCall('POST', '/workspace/plan/trial', undefined, token);
  for (const size of WIDTHS) {
    // A fresh page at each width (a resize would catch the drawer mid-slide); renewing shows the link.
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/workspace/setting');
    await ready(page, js);
    await page.getByTestId('renew-ical').click();
    await expect(page.getByTestId('ical-url')).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/setting-wiring-${size.name}.png`, fullPage: true });
  }
});
