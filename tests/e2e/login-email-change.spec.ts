import { apiCall, expect, lastMailTo, loginAs, ready, registerUser, test } from './fixtures';

/** The 6-digit code of a mail. */
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

test('a firm changes its login email with its password and a code mailed to the new address; the old address is told', async ({ page, js }) => {
  const { email, password } = await registerUser({ role: 'architect' });
  await loginAs(page, email, password);
  await page.goto('/portfolio?dialog=profile');
  await ready(page, js);

  // The profile form shows the login email but does not edit it.
  const profile = page.getByTestId('profile-dialog');
  await expect(profile.getByTestId('login-email')).toHaveText(email);
  await expect(profile.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(0);
  await profile.getByTestId('change-login-email').click();

  const dialog = page.getByTestId('email-change-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/dialog=login-email$/);
  const newEmail = `moved-${Date.now()}@example.test`;
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  // The page the server renders does not carry the refused password back; the typed address is kept.
  if (!js) await expect(dialog.getByLabel('Current password')).toHaveValue('');
  await expect(dialog.getByLabel('New email')).toHaveValue(newEmail);

  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const codeDialog = page.getByTestId('email-code-dialog');
  await expect(codeDialog).toContainText(`Enter the 6-digit code we sent to ${newEmail}`);
  await expect(page.getByTestId('toast')).toContainText(`We sent a 6-digit code to ${newEmail}`);

  const code = codeOf((await lastMailTo(newEmail)).text);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeDialog.getByLabel('Code').fill(wrong);
  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(codeDialog.getByText('The code is invalid or has expired. Request a new one.').first()).toBeVisible();

  await codeDialog.getByLabel('Code').fill(code);
  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByTestId('toast')).toContainText(`Your login email is now ${newEmail}`);
  // The profile card shows the public business email; the login email is in the profile dialog.
  await page.goto('/portfolio?dialog=profile');
  await expect(page.getByTestId('profile-dialog').getByTestId('login-email')).toHaveText(newEmail);

  const notice = await lastMailTo(email, 'Your login email was changed');
  expect(notice.subject).toBe('Your login email was changed');
  expect(notice.text).toContain(newEmail);
  expect((await apiCall('POST', '/users/login', { email: newEmail, password })).status).toBe(200);
  expect((await apiCall('POST', '/users/login', { email, password })).status).toBe(401);
});

test('the code form without a pending change offers to start again', async ({ page, js }) => {
  const { email, password } = await registerUser({ role: 'architect' });
  await loginAs(page, email, password);
  await page.goto('/portfolio?dialog=login-email-code');
  await ready(page, js);
  const dialog = page.getByTestId('email-code-dialog');
  await expect(dialog).toContainText('No change of your login email is waiting for a code');
  await dialog.getByRole('link', { name: 'Start again' }).click();
  await expect(page.getByTestId('email-change-dialog')).toBeVisible();
});
