import { apiCall, expect, lastMailTo, ready, registerUser, test } from './fixtures';
import { panel, submit, password, openView, expectFieldError } from './auth-helpers';

test.describe('forgot and reset password', () => {
  test('a code sent by mail resets the password, which then logs in', async ({ page, js }) => {
    const { email, token: oldToken } = await registerUser();
    await page.goto('/');
    await ready(page, js);
    await panel(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await panel(page).getByLabel('Email').fill(email);
    await submit(page, 'Send code').click();

    // The reset view follows, with the email filled in.
    await expect(panel(page).getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('a 6-digit code has been sent');
    await expect(panel(page).getByLabel('Email')).toHaveValue(email);
    const mail = await lastMailTo(email, 'Your password reset code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    await ready(page, js);
    await panel(page).getByLabel('OTP').fill(code);
    await panel(page).getByLabel('New password').fill('brand-new-1');
    await panel(page).getByLabel('Confirm password').fill('brand-new-1');
    await submit(page, 'Reset password').click();

    await expect(panel(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Your password has been reset');
    // Sessions opened before the reset are revoked.
    expect((await apiCall('GET', '/users/me', undefined, oldToken)).status).toBe(401);

    await ready(page, js);
    await panel(page).getByLabel('Email').fill(email);
    await password(page).fill('brand-new-1');
    await submit(page, 'Log in').click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('forgot password requires an email', async ({ page, js }) => {
    await openView(page, js, 'forgot');
    await submit(page, 'Send code').click();
    await expectFieldError(page, 'Email', 'Email is required');
    await expect(panel(page).getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  });

  test('every reset field is validated with the spec messages', async ({ page, js }) => {
    await openView(page, js, 'reset');
    await submit(page, 'Reset password').click();
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'OTP', 'OTP is required');
    await expectFieldError(page, 'New password', 'New password is required');
    await expectFieldError(page, 'Confirm password', 'Confirm Password is required');
    await expect(panel(page).getByRole('heading', { name: 'Reset password' })).toBeVisible();

    await ready(page, js);
    await panel(page).getByLabel('Email').fill('someone@example.test');
    await panel(page).getByLabel('OTP').fill('12');
    await panel(page).getByLabel('New password').fill('secret123');
    await panel(page).getByLabel('Confirm password').fill('secret124');
    await submit(page, 'Reset password').click();
    await expectFieldError(page, 'OTP', 'OTP must be a 4-6 digit number');
    await expectFieldError(page, 'Confirm password', 'Passwords do not match');
    await expect(panel(page).getByLabel('Email')).toHaveValue('someone@example.test');
  });

  test('a wrong code is reported on the OTP field', async ({ page, js }) => {
    const { email } = await registerUser();
    await apiCall('POST', '/users/forgot-password', { email });
    await page.goto(`/?view=reset&email=${encodeURIComponent(email)}`);
    await ready(page, js);
    await expect(panel(page).getByLabel('Email')).toHaveValue(email);
    const code = /\b(\d{6})\b/.exec((await lastMailTo(email, 'Your password reset code')).text)![1]!;
    await panel(page).getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
    await panel(page).getByLabel('New password').fill('secret123');
    await panel(page).getByLabel('Confirm password').fill('secret123');
    await submit(page, 'Reset password').click();
    await expectFieldError(page, 'OTP', 'The code is invalid or has expired');
    await expect(panel(page).getByRole('heading', { name: 'Reset password' })).toBeVisible();
  });
});
