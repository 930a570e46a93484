import { expectNoZod, firstLoadScripts } from './browser-scripts';
import { apiCall, DEMO, DEMO_PASSWORD, expect, loginAs, registerUser, test } from './fixtures';
import { adminLoginThroughForm } from './firm-helpers';
import { firmWithProject } from './schedule-helpers';

// Without JavaScript no script is loaded.
test.describe('browser scripts', { tag: '@js-only' }, () => {

  test('no page sends zod to the browser: forms are validated by the server, on submit', async ({ page }) => {
    // Fourteen pages loaded and hydrated in turn: three times a journey's time.
    test.slow();
    // Anonymous: the home page (auth panel) and the admin log-in.
    await expectNoZod(page, '/');
    await expectNoZod(page, '/?view=reset#auth');
    await expectNoZod(page, '/admin/login');

    // An explorer: the register-firm dialog (rendered by the root), explore and the firm directory.
    const explorer = await registerUser();
    await loginAs(page, explorer.email, explorer.password);
    await expectNoZod(page, '/explore?dialog=register-firm');
    await expectNoZod(page, '/firms');

    // A firm: the portfolio with its profile form, the project form, the workspace.
    await page.context().clearCookies();
    const { token } = await loginAs(page, DEMO.firm);
    await expectNoZod(page, '/portfolio?dialog=profile');
    await expectNoZod(page, '/portfolio/add-project');
    await expectNoZod(page, '/workspace/project');
    await expectNoZod(page, '/workspace/project?panel=new');
    const { json: workspace } = await apiCall<{ data: Array<{ id: string }> }>('GET', '/projects', undefined, token);
    await expectNoZod(page, `/workspace/project/member/${workspace.data[0]!.id}?panel=new`);

    // The super-admin's dashboard, reached through the log-in form.
    await page.context().clearCookies();
    await expectNoZod(page, () => adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD));
  });

  test('the schedules of a project and the page of one schedule send no zod either', async ({ page }) => {
    const { firm, project } = await firmWithProject();
    await loginAs(page, firm.email, firm.password);
    await expectNoZod(page, `/workspace/project/schedules/${project.id}?panel=add`);
    await expectNoZod(page, `/workspace/project/schedules/summary-financial/${project.id}`);
  });

  // First-load JavaScript on /explore, ≤ 100 KB gzip (which retired the earlier
  // 90 KB and the terser/zopfli step bought for it, docs/decisions/275). React DOM and Remix's runtime
  // are most of it and cannot be split; the manifest of all routes is not loaded (lazy route
  // discovery, docs/decisions/173). A change that puts a heavy module back on every page fails here.
  const EXPLORE_FIRST_LOAD_BUDGET = 100 * 1024;
  const REGISTER_FIRM_DIALOG_CODE = /register-firm-form/;

  test('the first load of /explore stays within its script budget and leaves the register-firm dialog out', async ({ page }) => {
    const explorer = await registerUser();
    await loginAs(page, explorer.email, explorer.password);

    const explore = await firstLoadScripts(page, '/explore');
    expect(explore.gzipBytes, 'bytes of script on the wire').toBeGreaterThan(0);
    if (process.env.SHOW_SCRIPTS) console.log([...explore.scripts.keys()].join('\n'), `\n${(explore.gzipBytes / 1024).toFixed(1)} KB`);
    expect(explore.gzipBytes, `first-load JavaScript ${(explore.gzipBytes / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(EXPLORE_FIRST_LOAD_BUDGET);
    const withDialog = [...explore.scripts].filter(([, text]) => REGISTER_FIRM_DIALOG_CODE.test(text));
    expect(withDialog.map(([path]) => path), 'the dialog is not in the first load').toEqual([]);

    // Opened, the dialog's module arrives and the dialog works as before.
    await page.getByTestId('register-firm').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('#register-firm-form')).toBeVisible();
  });
});
