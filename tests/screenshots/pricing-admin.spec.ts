import { createPublicProject } from '../../server/seed/factories';
import { apiCall, DEMO, DEMO_PASSWORD, expect, ready, test } from '../e2e/fixtures';
import { adminLoginThroughForm, uniqueSuffix } from '../e2e/firm-helpers';
import { firmOnTrial, SCREENSHOT_WIDTHS as WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the pricing panel and the admin areas at 1280 and 375 px (screenshots/), for
 * review. Runs only when asked: npm run screenshots -- pricing-admin
 */

test('pricing panel and admin areas', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const firmFields = { firmName: 'Kiran Joshi Architects', email: `shots-${suffix}@example.test`, password: 'secret123', city: 'Pune', state: 'Maharashtra' };
  await firmOnTrial(page, firmFields, async (db, firm) => {
    const hidden = await createPublicProject({ db, storage: undefined as never }, firm.id, { projectName: 'Riverside Courtyard House', images: [] });
    const admin = await apiCall<{ token: string }>('POST', '/admin/login', { email: DEMO.admin, password: DEMO_PASSWORD });
    await apiCall('PUT', `/admin/showcase/projects/${hidden.id}`, { hidden: true, reason: 'Photographs used without the photographer’s permission' }, admin.json.token);
    await apiCall('POST', '/admin/admins', { name: 'Neha Kulkarni', email: `neha-${suffix}@platform.example`, password: 'sub-admin-pass' }, admin.json.token);
  });

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/workspace/pricing');
    await ready(page, js);
    await expect(page.getByTestId('plan-status')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pricing-panel-${size.name}.png`, fullPage: true });
  }

  await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [area, path] of [
      ['workspace', '/admin/workspace'],
      ['showcase', '/admin/showcase'],
      ['showcase-firms', '/admin/showcase?tab=firms'],
      ['sub-admins', '/admin/sub-admins'],
      ['setting', '/admin/setting'],
    ] as const) {
      await page.goto(path);
      await ready(page, js);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-${area}-${size.name}.png`, fullPage: size.name === '1280' });
    }
  }
});
