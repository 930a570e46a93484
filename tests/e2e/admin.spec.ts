import fs from 'node:fs/promises';
import { apiCall, DEMO, DEMO_PASSWORD, expect, loginAs, postsDuring, ready, registerUser, test } from './fixtures';
import {
  adminLoginThroughForm,
  adminTokenOf,
  attachDocument,
  directoryNames,
  fillFirmForm,
  firmDialog,
  firmInput,
  pdfBytes,
  pendingFirmThroughApi,
  uniqueSuffix,
} from './firm-helpers';

type Stats = { pending: number; approved: number; rejected: number };

async function counts(page: import('@playwright/test').Page): Promise<Stats> {
  const read = async (key: string) => Number(await page.getByTestId(`count-${key}`).innerText());
  return { pending: await read('pending'), approved: await read('approved'), rejected: await read('rejected') };
}

/** Searches the verification table: with JavaScript by typing (1000 ms debounce), without it with the Search button. */
async function search(page: import('@playwright/test').Page, js: boolean, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search by name, firm name or email' });
  await box.fill(text);
  if (!js) await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test.describe('admin area', () => {
  test('/admin/dashboard without an admin session goes to /admin/login; a firm session is not an admin session', async ({ page, js }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Admin log in' })).toBeVisible();

    await loginAs(page, DEMO.firm);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The super-admin cannot use the product's login either.
    const productLogin = await apiCall('POST', '/users/login', { email: DEMO.admin, password: DEMO_PASSWORD });
    expect(productLogin.status).toBe(401);
  });

  test('the admin login form: required fields and a wrong password', async ({ page, js }) => {
    await page.goto('/admin/login');
    await ready(page, js);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    // Typing in fields that show errors posts nothing: the server validates, on submit only.
    const posts = await postsDuring(page, async () => {
      await page.getByLabel('Email').fill(DEMO.admin);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Invalid email or password')).toBeVisible();
    });
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('an explorer registers a firm; the super-admin finds it by search, downloads the document and approves it; the firm appears in /firms', async ({
    page,
    js,
  }) => {
    // The explorer registers through the dialog.
    const explorer = await registerUser();
    await loginAs(page, explorer.email, explorer.password);
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    const firm = firmInput(`Aalto Lumen ${uniqueSuffix()}`);
    await fillFirmForm(page, js, firm);
    await attachDocument(page, { name: 'Lumen registration.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Lumen registration') });
    await firmDialog(page).getByRole('button', { name: 'Register firm' }).click();
    await expect(page.getByTestId('firm-banner')).toContainText('waiting for verification');
    expect(await directoryNames(explorer.token, firm)).not.toContain(firm.firmName);

    // The super-admin, in the same browser: a separate session.
    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
    const before = await counts(page);
    expect(before.pending).toBeGreaterThanOrEqual(1);

    await search(page, js, firm.firmName);
    const row = page.getByTestId('verification-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(firm.firmName);
    await expect(row).toContainText(explorer.email);
    await expect(row).toContainText('9822012345');
    await expect(row).toContainText('Calangute');
    await expect(row).toContainText('Goa');

    const downloading = page.waitForEvent('download');
    await row.getByTestId('document-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Lumen registration.pdf');
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await row.getByRole('button', { name: `Approve ${firm.firmName}` }).click();
    await expect(page.getByTestId('toast')).toContainText('Firm approved');
    await expect(page.getByTestId('verification-row')).toHaveCount(0);
    await expect(page.getByText('No data available')).toBeVisible();
    const after = await counts(page);
    expect(after).toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });

    // The firm is public now: in the directory (api and page), and its banner is gone.
    expect(await directoryNames(explorer.token, firm)).toContain(firm.firmName);
    await page.goto(`/firms?country=India&state=Goa&city=Calangute`);
    await expect(page.getByTestId('firm-card').filter({ hasText: firm.firmName })).toBeVisible();
    await expect(page.getByTestId('firm-banner')).toHaveCount(0);
  });

  test('another registration is rejected with a reason: it stays hidden and the firm sees why and may register again', async ({ page, js }) => {
    const firm = firmInput(`Abandoned Atelier ${uniqueSuffix()}`);
    const applicant = await pendingFirmThroughApi(firm);

    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    const before = await counts(page);
    await search(page, js, applicant.email);
    const row = page.getByTestId('verification-row');
    await expect(row).toHaveCount(1);
    await row.getByText('Reject', { exact: true }).click();
    await row.getByLabel('Reason shown to the firm').fill('The certificate is for another firm.');
    await row.getByRole('button', { name: `Reject ${firm.firmName}` }).click();
    await expect(page.getByTestId('toast')).toContainText('Firm rejected');
    expect(await counts(page)).toEqual({ ...before, pending: before.pending - 1, rejected: before.rejected + 1 });

    // In the rejected list, with the reason.
    await page.getByRole('link', { name: /Rejected/ }).first().click();
    await search(page, js, applicant.email);
    await expect(page.getByTestId('verification-row')).toContainText('The certificate is for another firm.');

    // Hidden from the directory.
    const viewer = await registerUser();
    expect(await directoryNames(viewer.token, firm)).not.toContain(firm.firmName);

    // The firm sees why and can register again.
    await loginAs(page, applicant.email, applicant.password);
    await page.goto('/explore');
    await ready(page, js);
    const banner = page.getByTestId('firm-banner');
    await expect(banner).toContainText('not approved');
    await expect(banner).toContainText('The certificate is for another firm.');
    await banner.getByRole('link', { name: 'Register again' }).click();
    const dialog = firmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The certificate is for another firm.');
    // The earlier answers are filled in again.
    await expect(dialog.getByLabel('Firm name')).toHaveValue(firm.firmName);
    await expect(dialog.getByLabel('City')).toHaveValue('Calangute');
    await attachDocument(page, { name: 'right-certificate.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
    await dialog.getByRole('button', { name: 'Register firm' }).click();
    await expect(page.getByTestId('firm-banner')).toContainText('waiting for verification');
  });

  test('a 401 on an admin call ends the admin session and goes to /admin/login; logout works', async ({ page, js }) => {
    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    // The token is revoked behind the page's back.
    const token = await adminTokenOf(page);
    expect((await apiCall('POST', '/admin/logout', undefined, token)).status).toBe(200);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).some((c) => c.name === '__admin')).toBe(false);

    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the table shows 15 rows, then the next ones: on scrolling with JavaScript, with Load more without it', async ({ page, js }) => {
    const tag = uniqueSuffix();
    for (let i = 0; i < 17; i++) await pendingFirmThroughApi(firmInput(`Paging ${tag} ${String(i).padStart(2, '0')}`));
    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    await search(page, js, `Paging ${tag}`);
    const rows = page.getByTestId('verification-row');
    await expect(rows).toHaveCount(15);
    await expect(page.getByRole('heading', { name: /Pending requests/ })).toContainText('17');
    if (js) {
      await page.getByTestId('verification-row').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
    } else {
      await page.getByRole('link', { name: 'Load more' }).click();
      await expect(page).toHaveURL(/page=2/);
    }
    await expect(rows).toHaveCount(17);
    await expect(rows.last()).toContainText(`Paging ${tag} 16`);
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
  });

  test('the demo firm waiting for verification is listed with its generated document', async ({ page, js }) => {
    await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await ready(page, js);
    await search(page, js, 'Verma');
    const row = page.getByTestId('verification-row');
    await expect(row).toContainText('Verma Design Works');
    const downloading = page.waitForEvent('download');
    await row.getByTestId('document-download').click();
    expect((await downloading).suggestedFilename()).toBe('Verma Design Works - registration.pdf');
  });
});
