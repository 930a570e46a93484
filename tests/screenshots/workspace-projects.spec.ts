import { apiCall, DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_WIDTHS as WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the workspace project list, its side panel and a project's members at 1280 and
 * 375 px, for review (screenshots/workspace-projects-*.png), with the demo firm's seeded
 * workspace. Runs only when asked: npm run screenshots -- workspace-projects
 */
const shot = (name: string, size: string) => `${SCREENSHOT_DIR}/workspace-projects-${name}-${size}.png`;

test('workspace project list, side panel and members', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(90_000);
  const { token } = await loginAs(page, DEMO.firm);
  const { json } = await apiCall<{ data: Array<{ id: string; projectName: string }> }>('GET', '/projects', undefined, token);
  const project = json.data.find((p) => p.projectName === 'Koregaon Park Residence') ?? json.data[0]!;

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/workspace/project');
    await ready(page, js);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('list', size.name), fullPage: true });

    await page.goto(`/workspace/project?panel=edit&item=${project.id}`);
    await ready(page, js);
    await expect(page.getByTestId('project-panel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('panel', size.name) });

    await page.goto('/workspace/project?panel=new');
    await ready(page, js);
    await page.getByTestId('project-panel').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('project name is required')).toBeVisible();
    await page.screenshot({ path: shot('panel-errors', size.name) });

    await page.goto(`/workspace/project/member/${project.id}`);
    await ready(page, js);
    await page.screenshot({ path: shot('members', size.name), fullPage: true });

    await page.goto(`/workspace/project/member/${project.id}?panel=new`);
    await ready(page, js);
    await expect(page.getByTestId('member-panel')).toBeVisible();
    await page.screenshot({ path: shot('member-panel', size.name) });
  }
});
