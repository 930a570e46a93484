import { openE2EDatabase } from './database';
import { FIRM_MAIL_MESSAGES } from '../../server/contract/firm-mail-rules';
import { CONFIRMATION_MESSAGES } from '../../server/contract/employee-confirmation';
import { VERIFY } from '../../server/contract/vocabulary';
import { createFirm } from '../../server/seed/factories';
import { createLead } from '../../server/seed/leads';
import { apiCall, expect, lastMailTo, loginAs, ready, test } from './fixtures';
import { newVerifiedFirm, welcomeLinkTo } from './workspace-helpers';

/**
 * Trust in a firm's accounts (decisions 235, 236), with JavaScript and without: a firm's new employee is "Awaiting
 * confirmation" until its person confirms from the welcome mail's link (or says it was not them);
 * a firm not yet approved is refused a New Message, in words, on the form.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function addEmployeeThroughApi(token: string, email: string) {
  const created = await apiCall<{ data: { id: string } }>(
    'POST',
    '/employees',
    { name: 'Kiran Confirm', designation: 'Intern', email, mobile: '9123456780', address: 'Pune', password: 'secret12', confirmPassword: 'secret12' },
    token,
  );
  expect(created.status).toBe(201);
}

test('a new employee awaits confirmation; the firm resends the link; its person confirms and signs in', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await newVerifiedFirm();
  const email = `kiran-${unique()}@example.test`;
  await addEmployeeThroughApi(firm.token, email);
  // Nothing but the confirmation until then.
  expect((await apiCall<{ message: string }>('POST', '/users/login', { email, password: 'secret12' })).status).toBe(403);

  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/employee');
  await ready(page, js);
  const row = page.getByTestId('employee-row').filter({ hasText: email });
  await expect(row.getByTestId('awaiting-confirmation')).toHaveText('Awaiting confirmation');
  const first = await welcomeLinkTo(email);
  await row.getByTestId('resend-confirmation').click();
  await expect(page.getByTestId('toast')).toContainText('We mailed a new confirmation link');
  await expect.poll(() => welcomeLinkTo(email)).not.toBe(first);
  const mail = await lastMailTo(email);
  expect(mail.text).toContain(`(${firm.email}) of ${firm.user.userName} created a workspace account for this address`);
  expect(mail.text).toContain('This was not me');

  // Its person opens the link (signed out), sees who added the address, and confirms.
  await page.context().clearCookies();
  await page.goto(`/confirm-account/${await welcomeLinkTo(email)}`);
  await ready(page, js);
  const card = page.getByTestId('confirm-account');
  await expect(card).toContainText(email);
  await card.getByTestId('confirm-account-yes').click();
  await expect(page.getByTestId('toast')).toContainText(CONFIRMATION_MESSAGES.confirmed);
  expect((await apiCall('POST', '/users/login', { email, password: 'secret12' })).status).toBe(200);

  // The firm sees it confirmed.
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/employee');
  await ready(page, js);
  await expect(page.getByTestId('employee-row').filter({ hasText: email }).getByTestId('awaiting-confirmation')).toHaveCount(0);
});

test('“This was not me” removes the account; the used link says it cannot be used', async ({ page, js }) => {
  const firm = await newVerifiedFirm();
  const email = `notme-${unique()}@example.test`;
  await addEmployeeThroughApi(firm.token, email);
  const token = await welcomeLinkTo(email);
  await page.goto(`/confirm-account/${token}`);
  await ready(page, js);
  await page.getByTestId('confirm-account-not-me').click();
  await expect(page.getByTestId('toast')).toContainText(CONFIRMATION_MESSAGES.released);
  await page.goto(`/confirm-account/${token}`);
  await expect(page.getByTestId('confirm-account-error')).toContainText(CONFIRMATION_MESSAGES.invalid);
  // The address is free: its owner signs up.
  expect((await apiCall('POST', '/users/register', { userName: 'Owner', email, password: 'secret123', role: 'explorer', loginType: 'normal' })).status).toBe(201);
});

test('a firm not yet approved is refused a New Message, in words, on the form', async ({ page, js }) => {
  const database = await openE2EDatabase();
  const email = `pending-${unique()}@example.test`;
  let leadId: string;
  try {
    const firm = await createFirm(database.db, { firmName: `Pending Studio ${unique()}`, email, password: 'secret123', isVerify: VERIFY.pending });
    leadId = (await createLead(database.db, firm.id, { name: 'Meera Shah', message: 'A kitchen for our flat in Pune, please.' })).id;
  } finally {
    await database.close();
  }
  await loginAs(page, email, 'secret123');
  await page.goto(`/workspace/demandboxdetails?id=${leadId}`);
  await ready(page, js);
  await page.getByTestId('new-message').click();
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByLabel('Message').fill('Thank you for writing. Could we meet on Tuesday?');
  await dialog.getByTestId('send-message').click();
  await expect(page.getByTestId('message-dialog')).toContainText(FIRM_MAIL_MESSAGES.unverified);
  await expect(page.getByTestId('thread-message')).toHaveCount(0);
});
