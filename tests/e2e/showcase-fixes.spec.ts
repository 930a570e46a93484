import { apiCall, DEMO, expect, loginAs, ready, registerUser, test } from './fixtures';
import { E2E } from './env';

/** The defects a new user hit on the showcase, each as the journey that showed it. */

test.describe('paging shows where you are (item 4)', () => {
  test('explore page 2 says which projects it shows and links back; past the end is said honestly', async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    const { json } = await apiCall<{ count: number }>('GET', '/projects/explore?page=1&limit=1');
    const count = json.count;
    expect(count).toBeGreaterThan(10);
    await page.goto('/explore?page=2');
    await ready(page, js);
    const paging = page.getByTestId('paging');
    // A page of one project names it alone ("11 of 11"), as on a fresh database with the demo's 11.
    const last = Math.min(20, count);
    await expect(paging).toContainText(`${last === 11 ? '11' : `11–${last}`} of ${count} public projects`);
    await expect(paging.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/explore');
    await paging.getByRole('link', { name: 'First page' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    // Other journeys publish projects meanwhile, so the total is read, not assumed.
    await expect(page.getByTestId('paging')).toContainText(/1–10 of \d+ public projects/);
    await expect(page.getByTestId('paging').getByRole('link', { name: 'First page' })).toHaveCount(0);

    await page.goto('/explore?page=400');
    await ready(page, js);
    await expect(page.getByTestId('paging')).toContainText(/Page 400 is past the end: there are \d+ public projects/);
    await expect(page.getByText('No public projects yet.')).toHaveCount(0);
    await page.getByTestId('paging').getByRole('link', { name: 'First page' }).click();
    await expect(page.getByTestId('explore-grid')).toBeVisible();
  });

  test('the firm directory past the end says so, with the way back', async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/firms?page=300');
    await ready(page, js);
    await expect(page.getByTestId('paging')).toContainText('Page 300 is past the end');
    await expect(page.getByText('No firms yet.')).toHaveCount(0);
    await page.getByTestId('paging').getByRole('link', { name: 'First page' }).click();
    await expect(page.getByTestId('firm-list')).toBeVisible();
    await expect(page.getByTestId('paging')).toContainText(/^1–\d+ of \d+ firms?/);
  });
});

test('without JavaScript a changed Country clears the old State and City (item 5)', { tag: '@no-js-only' }, async ({ page }) => {
  await loginAs(page, DEMO.explorer);
  await page.goto('/firms?country=India&state=Maharashtra&city=Pune');
  const filters = page.getByTestId('firm-filters');
  await expect(filters.getByLabel('City')).toHaveValue('Pune');
  await filters.getByLabel('Country').fill('France');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/firms\?country=France$/);
  await expect(filters.getByLabel('State')).toHaveValue('');
  await expect(filters.getByLabel('City')).toHaveValue('');
  await expect(page.getByText('Choose a state of the chosen country')).toHaveCount(0);
  // A changed State clears only the City.
  await page.goto('/firms?country=India&state=Maharashtra&city=Pune');
  await filters.getByLabel('State').fill('Karnataka');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/firms\?country=India&state=Karnataka$/);
});

test('the Contact popup shows the business email, never the login email (item 3)', async ({ page, js }) => {
  const { user } = await loginAs(page, DEMO.explorer);
  expect(user.role).toBe('explorer');
  const { json } = await apiCall<{ firms: Array<{ id: string; email: string }> }>('GET', '/users/user-firm?page=1&limit=50');
  const firmId = (await apiCall<{ data: { id: string } }>('POST', '/users/login', { email: DEMO.firm, password: 'demo1234' })).json.data.id;
  expect(json.firms.some((f) => f.id === firmId)).toBe(true);
  await page.goto(`/firms/${firmId}?dialog=contact`);
  await ready(page, js);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('business-email')).toHaveText('hello@mehta-studio.example');
  await expect(dialog).not.toContainText(DEMO.firm);
});

test('a firm changes its business email in the profile and still signs in with its login email (item 3)', async ({ page, js }) => {
  const { email, password } = await registerUser({ role: 'architect' });
  await loginAs(page, email, password);
  await page.goto('/portfolio?dialog=profile');
  await ready(page, js);
  const dialog = page.getByTestId('profile-dialog');
  await dialog.getByLabel('Firm name').fill('Island Studio');
  await dialog.getByLabel('Firm type').selectOption('architect');
  // A country without states (item 1): saved without State and City.
  await dialog.getByLabel('Country').selectOption('Aruba');
  if (!js) await dialog.getByRole('button', { name: 'Show states and cities' }).click();
  await expect(dialog.getByLabel('State')).toBeDisabled();
  // The registration's rules (item 2): dashes in the number, no scheme in the website.
  await dialog.getByLabel('Contact no').fill('98200-12345');
  await dialog.getByLabel('Website (optional)').fill('island-studio.example');
  await dialog.getByLabel('Business email (shown to visitors)').fill('hello@island-studio.example');
  await dialog.getByLabel('Details').fill('Small houses by the sea.');
  await dialog.getByTestId('team-rows').getByLabel('Name').fill('Ana Croes');
  await dialog.getByTestId('team-rows').getByLabel('Role').fill('Architect');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  const card = page.getByTestId('profile-card');
  await expect(card).toContainText('Aruba');
  await expect(card.getByTestId('business-email')).toHaveText('hello@island-studio.example');
  await expect(card).toContainText('9820012345');
  await expect(card.getByRole('link', { name: 'island-studio.example', exact: true })).toHaveAttribute('href', 'https://island-studio.example');
  expect((await apiCall('POST', '/users/login', { email, password })).status).toBe(200);
});

test('a 401 clears the whole sign-in state: session, toast and flash cookies (item 10)', async ({ page, context, js }) => {
  const { email, password } = await registerUser();
  const { token } = await loginAs(page, email, password);
  await page.goto('/explore');
  await ready(page, js);
  // A toast and a register-firm answer waiting in their cookies when the token dies.
  await context.addCookies([
    { name: '__toast', value: 'stale', url: E2E.baseURL },
    { name: '__register_firm', value: 'stale', url: E2E.baseURL },
  ]);
  expect((await apiCall('POST', '/users/logout', undefined, token)).status).toBe(200);
  await page.goto('/firms');
  await expect(page).toHaveURL(/\/$/);
  const names = (await context.cookies(E2E.baseURL)).map((c) => c.name);
  expect(names).not.toContain('__session');
  expect(names).not.toContain('__toast');
  expect(names).not.toContain('__register_firm');
});
