import { expect, ready, test } from './fixtures';

test.describe('home page', () => {
  test('a visitor sees the landing sections and the login form', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your private workspace' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});
