import { apiCall, DEMO, expect, loginAs, loginAsAdmin, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * The pages whose tables, panel footers and field rows now come from shared components
 * (docs/decisions/165), with JavaScript and without, at 1280 and 375 px, for review
 * (screenshots/shared-ui-*.png). Runs only when asked:
 * npm run screenshots -- dedupe-ui
 */
test('shared tables, footers and field rows', { tag: '@on-demand' }, async ({ page, js }) => {
  test.setTimeout(180_000);
  const { token } = await loginAs(page, DEMO.firm);
  const { json } = await apiCall<{ data: Array<{ id: string }> }>('GET', '/projects', undefined, token);
  const pages = [
    ['employees', '/workspace/employee?panel=new'],
    ['members', `/workspace/project/member/${json.data[0]!.id}`],
    ['address-book', '/workspace/address-book?panel=new'],
    ['setting', '/workspace/setting'],
    ['demandbox', '/workspace/demandbox'],
  ] as const;
  const shoot = async (name: string, path: string, size: (typeof SCREENSHOT_WIDTHS)[number]) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await ready(page, js);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shared-ui-${name}-${size.name}-${js ? 'js' : 'nojs'}.png`, fullPage: true, animations: 'disabled' });
  };
  for (const size of SCREENSHOT_WIDTHS) for (const [name, path] of pages) await shoot(name, path, size);
  await loginAsAdmin(page);
  for (const size of SCREENSHOT_WIDTHS) {
    await shoot('admin-showcase', '/admin/showcase', size);
    await shoot('admin-dashboard', '/admin/dashboard', size);
  }
});
