import { apiCall, DEMO, expect, postsDuring, ready, registerUser, test } from './fixtures';
import { SEVEN_DAYS, sessionCookie, panel, submit, password, uniqueEmail, openView, expectFieldError } from './auth-helpers';

test.describe('sign-up', () => {
  test('a visitor signs up, is told so, lands on /explore and stays signed in for 7 days', async ({ page, context, js }) => {
    const email = uniqueEmail('signup');
    await openView(page, js, 'signup');
    await expect(panel(page).getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expect(panel(page).getByLabel('I am')).toHaveValue('explorer');
    await panel(page).getByLabel('Name').fill('Nora Explorer');
    await panel(page).getByLabel('Email').fill(email);
    await password(page).fill('secret123');
    await submit(page, 'Sign up').click();

    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByTestId('toast')).toContainText('user register successfully');
    const cookie = await sessionCookie(context);
    expect(cookie, 'session cookie').toBeTruthy();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + SEVEN_DAYS))).toBeLessThan(120);
    // The account is an explorer: its header offers Register Firm.
    await expect(page.getByRole('link', { name: 'Register Firm' })).toBeVisible();
  });

  test('a firm role chosen at sign-up gives the firm header', async ({ page, js }) => {
    await openView(page, js, 'signup');
    await panel(page).getByLabel('Name').fill('Studio Nine');
    await panel(page).getByLabel('Email').fill(uniqueEmail('firm'));
    await password(page).fill('secret123');
    await panel(page).getByLabel('I am').selectOption('architect');
    await submit(page, 'Sign up').click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' })).toBeVisible();
  });

  test('every sign-up field is validated with the spec messages', async ({ page, js }) => {
    await openView(page, js, 'signup');
    await submit(page, 'Sign up').click();
    await expectFieldError(page, 'Name', 'UserName is required');
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Password', 'Password is required');
    // The view survives the failed submission (also without JavaScript, where the page is the action's answer).
    await expect(panel(page).getByRole('heading', { name: 'Sign up' })).toBeVisible();

    await ready(page, js);
    // Typing in fields that show errors posts nothing: the server validates, on submit only.
    const posts = await postsDuring(page, async () => {
      await panel(page).getByLabel('Name').fill('Short Password');
      await panel(page).getByLabel('Email').fill(uniqueEmail('short'));
      await password(page).fill('abc');
      await expectFieldError(page, 'Name', 'UserName is required');
      await submit(page, 'Sign up').click();
      await expectFieldError(page, 'Password', 'Password must be at least 6 characters long');
    });
    expect(posts).toHaveLength(1);
    await expect(panel(page).getByLabel('Name')).toHaveValue('Short Password');
    // Passwords are never sent back in the page (with JavaScript the browser keeps what was typed).
    if (!js) await expect(password(page)).toHaveValue('');
  });

  test('a taken email is reported on the email field', async ({ page, js }) => {
    const { email } = await registerUser();
    await openView(page, js, 'signup');
    await panel(page).getByLabel('Name').fill('Second Account');
    await panel(page).getByLabel('Email').fill(email.toUpperCase());
    await password(page).fill('secret123');
    await submit(page, 'Sign up').click();
    await expectFieldError(page, 'Email', 'An account with this email already exists');
    await expect(page).not.toHaveURL(/explore/);
  });
  test('a sign-up whose honeypot field is filled (a bot) is refused', async ({ page, js }) => {
    const email = uniqueEmail('bot');
    await openView(page, js, 'signup');
    await panel(page).getByLabel('Name').fill('Spam Bot');
    await panel(page).getByLabel('Email').fill(email);
    await password(page).fill('secret123');
    await page.locator('input[name="name__confirm"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await submit(page, 'Sign up').click();
    await expect(panel(page).getByRole('alert')).toContainText('could not be accepted');
    await expect(page).not.toHaveURL(/explore/);
    expect((await apiCall('POST', '/users/login', { email, password: 'secret123' })).status).toBe(401);
  });
});

test.describe('login', () => {
  test('without Remember me the session cookie ends with the browser session', async ({ page, context, js }) => {
    const { email, password: pw } = await registerUser();
    await openView(page, js, 'login');
    await panel(page).getByLabel('Email').fill(email);
    await password(page).fill(pw);
    await expect(panel(page).getByLabel('Remember me')).not.toBeChecked();
    await submit(page, 'Log in').click();
    await expect(page).toHaveURL(/\/explore$/);
    const cookie = await sessionCookie(context);
    expect(cookie, 'session cookie').toBeTruthy();
    expect(cookie!.expires).toBe(-1);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('with Remember me the session cookie lasts 7 days', async ({ page, context, js }) => {
    const { email, password: pw } = await registerUser();
    await openView(page, js, 'login');
    await panel(page).getByLabel('Email').fill(email);
    await password(page).fill(pw);
    await panel(page).getByLabel('Remember me').check();
    await submit(page, 'Log in').click();
    await expect(page).toHaveURL(/\/explore$/);
    const cookie = await sessionCookie(context);
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + SEVEN_DAYS))).toBeLessThan(120);
  });

  test('the password can be shown and hidden with JavaScript; without it the field stays a plain password field', async ({ page, js }) => {
    await openView(page, js, 'login');
    await password(page).fill('visible-secret');
    const toggle = panel(page).getByRole('button', { name: 'Show password' });
    if (!js) {
      await expect(toggle).toHaveCount(0);
      await expect(password(page)).toHaveAttribute('type', 'password');
      return;
    }
    await toggle.click();
    await expect(password(page)).toHaveAttribute('type', 'text');
    await panel(page).getByRole('button', { name: 'Hide password' }).click();
    await expect(password(page)).toHaveAttribute('type', 'password');
    await expect(password(page)).toHaveValue('visible-secret');
  });

  test('the demo explorer logs in from the home page', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await panel(page).getByLabel('Email').fill(DEMO.explorer);
    await password(page).fill('demo1234');
    await submit(page, 'Log in').click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('the welcome toast sits at the top right and leaves after 2000 ms, with and without JavaScript', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await panel(page).getByLabel('Email').fill(DEMO.explorer);
    await password(page).fill('demo1234');
    await submit(page, 'Log in').click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Welcome back');
    const box = (await toast.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(width - (box.x + box.width), 'near the right edge').toBeLessThan(40);
    expect(box.y, 'near the top, under the header').toBeLessThan(160);
    // 2000 ms shown, then a 0.3 s fade (a CSS animation, so it leaves without JavaScript too).
    expect(await toast.evaluate((el) => [getComputedStyle(el).animationDelay, getComputedStyle(el).animationDuration])).toEqual(['2s', '0.3s']);
    await expect(toast).toBeHidden({ timeout: 5000 });
  });

  test('empty fields and a wrong password are reported', async ({ page, js }) => {
    const { email } = await registerUser();
    await openView(page, js, 'login');
    await submit(page, 'Log in').click();
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Password', 'Password is required');

    await ready(page, js);
    // Typing in fields that show errors posts nothing: the server validates, on submit only.
    const posts = await postsDuring(page, async () => {
      await panel(page).getByLabel('Email').fill(email);
      await password(page).fill('wrong-password');
      await submit(page, 'Log in').click();
      await expect(panel(page).getByRole('alert')).toHaveText('Invalid email or password');
    });
    expect(posts).toHaveLength(1);
    // Said once, under the form: no toast repeats it.
    await expect(page.getByText('Invalid email or password')).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(panel(page).getByLabel('Email')).toHaveValue(email);
    if (!js) await expect(password(page)).toHaveValue('');
    expect(await sessionCookie(page.context())).toBeUndefined();
  });

  test('an unknown email gets the same answer as a wrong password', async ({ page, js }) => {
    await openView(page, js, 'login');
    await panel(page).getByLabel('Email').fill(uniqueEmail('nobody'));
    await password(page).fill('whatever1');
    await submit(page, 'Log in').click();
    await expect(panel(page).getByRole('alert')).toHaveText('Invalid email or password');
  });
});
