import fs from 'node:fs/promises';
import path from 'node:path';
import { openE2EDatabase } from './database';
import { newId } from '../../server/db/ids';
import { projects } from '../../server/db/schema';
import { createFirm } from '../../server/seed/factories';
import { createLead } from '../../server/seed/leads';
import { E2E } from './env';
import { expect, loginAs, ready, registerUser, test } from './fixtures';

/**
 * Enquiries and the demand box, with JavaScript and without: a visitor
 * sends an enquiry from a firm's portfolio; the firm finds it in its demand box, opens it,
 * replies with Cc (a real mail in the outbox) and marks it handled.
 */

const PASSWORD = 'secret123';

/** An approved (listed) firm with a password: only those receive enquiries. Made with the factory. */
async function approvedFirm(firmName: string) {
  const database = await openE2EDatabase();
  try {
    const email = `firm-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
    return await createFirm(database.db, { firmName, email, businessEmail: `office-${email}`, password: PASSWORD });
  } finally {
    await database.close();
  }
}

type OutboxMail = { to: string | string[]; cc?: string[]; bcc?: string[]; replyTo?: string; fromName?: string; subject: string; text: string };

/** The mails of the api's outbox that `match`, newest first (waits a little for background sends). */
async function outboxMails(match: (mail: OutboxMail) => boolean): Promise<OutboxMail[]> {
  const dir = path.join(E2E.dataDir, 'outbox');
  for (let i = 0; i < 30; i++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort().reverse();
    const mails = await Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as OutboxMail));
    const found = mails.filter(match);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

test('a visitor sends an enquiry; the firm answers it with Cc from the demand box and marks it handled', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await approvedFirm(`Enquiry Studio ${js ? 'JS' : 'HTML'}`);
  const visitor = await registerUser();

  // The visitor, on the firm's portfolio: Contact opens the popup with the enquiry form.
  await loginAs(page, visitor.email, visitor.password);
  await page.goto(`/firms/${firm.id}`);
  await ready(page, js);
  await page.getByTestId('open-contact').click();
  const dialog = page.getByTestId('contact-dialog');
  await expect(dialog.getByRole('heading', { name: 'Send an enquiry' })).toBeVisible();
  const form = dialog.getByTestId('enquiry-form');
  // The signed-in visitor's name and email are filled in.
  await expect(form.getByLabel('Email')).toHaveValue(visitor.email);

  // Too short and no type: the api's messages under the fields, the popup still open.
  await form.getByLabel('Message').fill('Hi');
  await form.getByTestId('send-enquiry').click();
  await expect(form.getByText('Choose a project type', { exact: true })).toBeVisible();
  await expect(form.getByText(/Please write at least 10 characters/)).toBeVisible();

  const message = `We would like a courtyard house in Pune (${js ? 'js' : 'no-js'}).`;
  await form.getByLabel('Phone (optional)').fill('98765 43210');
  await form.getByLabel('Project type').selectOption({ label: 'Architecture – Residential' });
  await form.getByLabel('Message').fill(message);
  await form.getByTestId('send-enquiry').click();
  await expect(page.getByTestId('toast')).toContainText('Your enquiry has been sent');
  await expect(page.getByTestId('contact-dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=contact/);

  // The firm got a mail about it, answerable to the visitor.
  const [notice] = await outboxMails((m) => m.to === firm.businessEmail && m.text.includes(message));
  expect(notice).toMatchObject({ subject: `New enquiry from ${visitor.user.userName}`, replyTo: visitor.email });

  // The firm: the enquiry is in its demand box, unread, first.
  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  const row = page.getByTestId('lead-row').filter({ hasText: message });
  await expect(row).toHaveClass(/is-unread/);
  await expect(row).toContainText('Architecture – Residential');
  await row.getByTestId('open-lead').click();

  await expect(page).toHaveURL(/\/workspace\/demandboxdetails\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: visitor.user.userName })).toBeVisible();
  await expect(page.getByTestId('lead-enquiry')).toContainText(message);
  await expect(page.getByTestId('lead-contact')).toContainText('9876543210');

  // New Message: To is the visitor's email; Cc behind its toggle.
  await page.getByTestId('new-message').click();
  const messageDialog = page.getByTestId('message-dialog');
  await expect(messageDialog).toBeVisible();
  await expect(messageDialog.getByLabel('To', { exact: true })).toHaveValue(visitor.email);
  await messageDialog.getByTestId('cc-toggle').locator('summary').click();
  await messageDialog.getByLabel('Cc', { exact: true }).fill('partner@example.test');
  await messageDialog.getByLabel('Message').fill('Thank you for writing. Could we meet on Tuesday at 11?');
  await messageDialog.getByTestId('send-message').click();
  await expect(page.getByTestId('toast')).toContainText('Message sent');
  const sent = page.getByTestId('thread-message');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('partner@example.test');
  await expect(sent).toContainText('Could we meet on Tuesday at 11?');

  // A real mail: to the visitor, Cc the partner, from the firm's name, answered at the firm's email.
  const [reply] = await outboxMails((m) => Array.isArray(m.to) && m.to.includes(visitor.email));
  expect(reply).toMatchObject({ to: [visitor.email], cc: ['partner@example.test'], fromName: firm.firmName, replyTo: firm.businessEmail });

  // Back to the list: the lead is read now; the checkbox marks it handled.
  await page.getByTestId('back-to-demandbox').click();
  await expect(page).toHaveURL(/\/workspace\/demandbox$/);
  const handledRow = page.getByTestId('lead-row').filter({ hasText: message });
  await expect(handledRow).not.toHaveClass(/is-unread/);
  await handledRow.getByTestId('lead-handled').click();
  await expect(page.getByTestId('toast')).toContainText('Marked as handled');
  await expect(page.getByTestId('lead-row').filter({ hasText: message }).getByTestId('lead-handled')).toHaveAttribute('aria-checked', 'true');
});

test('the menu marks a lead unread, archives it and deletes it after asking', async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await approvedFirm('Menu Studio');
  const database = await openE2EDatabase();
  try {
    await createLead(database.db, firm.id, { name: 'Ravi Menon', message: 'A small office fit-out in Kochi, about 1,200 sq ft.', isRead: true });
  } finally {
    await database.close();
  }
  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  const row = () => page.getByTestId('lead-row').filter({ hasText: 'Ravi Menon' });
  await row().getByTestId('lead-menu').click();
  await row().getByTestId('mark-unread').click();
  await expect(page.getByTestId('toast')).toContainText('Marked as unread');
  await expect(row()).toHaveClass(/is-unread/);

  await row().getByTestId('lead-menu').click();
  await row().getByTestId('archive').click();
  await expect(page.getByTestId('toast')).toContainText('Enquiry archived');
  await expect(page.getByText('No demandbox available')).toBeVisible();

  await page.getByRole('link', { name: 'Archived' }).click();
  await row().getByTestId('lead-menu').click();
  await row().getByTestId('delete-lead').click();
  await expect(page).toHaveURL(/confirm=/);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('toast')).toContainText('Enquiry deleted');
  await expect(page.getByText('No demandbox available')).toBeVisible();
});

test("an enquiry from a project page names the project on the lead's page", async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await approvedFirm(`Project Studio ${js ? 'JS' : 'HTML'}`);
  const database = await openE2EDatabase();
  let projectId: string;
  try {
    // A public project without pictures is enough for its page and its Contact popup.
    projectId = newId();
    await database.db.insert(projects).values({ id: projectId, userId: firm.id, isPrivate: false, projectName: 'Lakeside Library', projectType: 'architecture-institutional' });
  } finally {
    await database.close();
  }
  const visitor = await registerUser();
  await loginAs(page, visitor.email, visitor.password);
  await page.goto(`/explore/${projectId}`);
  await ready(page, js);
  await page.getByTestId('open-contact').click();
  const form = page.getByTestId('enquiry-form');
  await form.getByLabel('Project type').selectOption({ label: 'Architecture – Institutional' });
  await form.getByLabel('Message').fill('A reading room like this one for our school, about 300 students.');
  await form.getByTestId('send-enquiry').click();
  await expect(page.getByTestId('toast')).toContainText('Your enquiry has been sent');
  await expect(page).toHaveURL(new RegExp(`/explore/${projectId}$`));

  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  await page.getByTestId('lead-row').filter({ hasText: 'A reading room like this one' }).getByTestId('open-lead').click();
  await expect(page.getByTestId('lead-contact')).toContainText('Lakeside Library');
});

test("a bot's enquiry (the hidden honeypot filled) gets the same answer and reaches nobody", async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await approvedFirm('Honeypot Studio');
  const visitor = await registerUser();
  await loginAs(page, visitor.email, visitor.password);
  await page.goto(`/firms/${firm.id}?dialog=contact`);
  await ready(page, js);
  const form = page.getByTestId('enquiry-form');
  // What a bot does: it fills every input, the hidden one too.
  await form.locator('input[name="name__confirm"]').evaluate((input: HTMLInputElement) => (input.value = 'http://spam.example'));
  await form.getByLabel('Project type').selectOption({ label: 'Architecture – Residential' });
  await form.getByLabel('Message').fill('Cheap backlinks for your website, best price guaranteed.');
  await form.getByTestId('send-enquiry').click();
  await expect(page.getByTestId('toast')).toContainText('Your enquiry has been sent');

  await loginAs(page, firm.email, PASSWORD);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  await expect(page.getByText('No demandbox available')).toBeVisible();
  expect(await outboxMails((m) => m.to === firm.businessEmail)).toEqual([]);
});
