import { expect, ready, test } from './fixtures';

test.describe('home page', () => {
  test('a visitor sees the landing sections and the login form', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your private workspace' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    // The workspace as the spec describes it: project files, schedules, a task board, a calendar and demand/leads.
    const features = page.getByRole('region', { name: 'Your private workspace' });
    for (const title of ['Project files', 'Schedules', 'Task board', 'Calendar', 'Demand and leads']) {
      await expect(features.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    // Explore, for a visitor, leads to the login form.
    await expect(page.getByRole('main').getByRole('link', { name: 'Explore', exact: true })).toHaveAttribute('href', '/?view=login#auth');
  });
});
