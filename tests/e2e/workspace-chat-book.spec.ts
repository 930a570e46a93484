import type { Browser, Page } from '@playwright/test';
import { apiCall, DEMO, expect, loginAs, ready, test } from './fixtures';
import { addMember, createEmployeeAccount, createProject, newFirm } from './workspace-helpers';
import { SCREENSHOT_DIR } from './env';

/**
 * Address Book, Group Chat and Setting, with JavaScript on and off: a
 * contact becomes a project member; two members chat (live with JavaScript, by reload without);
 * the password is changed in Setting.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('a contact from the Address Book becomes a project member', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await newFirm();
  const project = await createProject(firm.token);
  await loginAs(page, firm.email, firm.password);

  await open(page, js, '/workspace/address-book');
  await page.getByTestId('add-contact').first().click();
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Kavya Rao');
  await form.getByLabel('Kind').selectOption('consultant');
  await form.getByLabel('Company').fill('Rao Structures');
  await form.getByLabel('Email').fill('kavya@rao.example');
  await page.getByTestId('save-contact').click();
  await expect(page.getByTestId('contact-row').filter({ hasText: 'Kavya Rao' })).toContainText('kavya@rao.example');

  // Opened by its button: with JavaScript too, the panel offers the Address Book.
  await open(page, js, `/workspace/project/member/${project.id}`);
  await page.getByTestId('add-member').first().click();
  await expect(page.getByTestId('member-panel')).toBeVisible();
  await page.getByLabel('Pick from Address Book').selectOption({ label: 'Kavya Rao (Rao Structures) · kavya@rao.example' });
  await page.getByTestId('pick-contact').click();
  await expect(page.getByTestId('member-row').filter({ hasText: 'Kavya Rao' })).toContainText('kavya@rao.example');
});

/** A firm with a project whose members list holds an employee; both signed in, in their own browser contexts. */
async function chatWorld(browser: Browser, js: boolean) {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: 'Chat Villa' });
  const employee = await createEmployeeAccount(firm.user.id, { userName: 'Esha Employee', password: 'secret123' });
  await addMember(firm.token, project.id, { name: employee.userName, email: employee.email });
  const firmPage = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  const employeePage = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  await loginAs(firmPage, firm.email, firm.password);
  await loginAs(employeePage, employee.email, 'secret123');
  return { project, firmPage, employeePage };
}

test('two members chat live, without reloading', { tag: '@js-only' }, async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(employeePage, js, `/workspace/group-chat/${project.id}`);
  await expect(employeePage.getByTestId('chat-live')).toHaveText('Live');
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await firmPage.getByTestId('chat-body').fill('The site visit moves to Friday.');
  await firmPage.getByTestId('chat-send').click();
  await expect(firmPage.getByTestId('chat-message').filter({ hasText: 'The site visit moves to Friday.' })).toBeVisible();
  // The employee's page was not reloaded: the message came through the stream, once.
  await expect(employeePage.getByTestId('chat-message').filter({ hasText: 'The site visit moves to Friday.' })).toHaveCount(1);

  await employeePage.getByTestId('chat-body').fill('Noted, I will bring the samples.');
  await employeePage.getByTestId('chat-send').click();
  await expect(firmPage.getByTestId('chat-message').filter({ hasText: 'Noted, I will bring the samples.' })).toHaveCount(1);
  await expect(employeePage.getByTestId('chat-message')).toHaveCount(2);
});

test('two members chat with a form and a reload', { tag: '@no-js-only' }, async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await firmPage.getByTestId('chat-body').fill('Drawings for review are attached.');
  await firmPage.getByTestId('chat-files').setInputFiles({ name: 'section.txt', mimeType: 'text/plain', buffer: Buffer.from('section A-A') });
  await firmPage.getByTestId('chat-send').click();
  const sent = firmPage.getByTestId('chat-message').filter({ hasText: 'Drawings for review are attached.' });
  await expect(sent).toBeVisible();
  await expect(sent.getByTestId('chat-file')).toContainText('section.txt');

  await open(employeePage, js, `/workspace/group-chat/${project.id}`);
  await expect(employeePage.getByTestId('chat-message').filter({ hasText: 'Drawings for review are attached.' })).toBeVisible();
  const download = await employeePage.request.get((await employeePage.getByTestId('chat-file').getAttribute('href'))!);
  expect(await download.text()).toBe('section A-A');
});

test('a send the api refuses says why and keeps the typed message', async ({ page, js }) => {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: 'Refused Villa' });
  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/group-chat/${project.id}`);
  // Typed with a line break and letters outside ASCII: the web reads the text from the form's bytes.
  const text = 'Six drawings — the façade first.\nThen the sections.';
  await page.getByTestId('chat-body').fill(text);
  const files = Array.from({ length: 6 }, (_, i) => ({ name: `sheet-${i + 1}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`sheet ${i + 1}`) }));
  await page.getByTestId('chat-files').setInputFiles(files);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-form').getByRole('alert')).toHaveText('Attach at most 5 files to a message');
  await expect(page.getByTestId('chat-body')).toHaveValue(text);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);

  // Sent again with five: the message goes, and the form is empty again.
  await page.getByTestId('chat-files').setInputFiles(files.slice(0, 5));
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'the façade first' })).toHaveCount(1);
  await expect(page.getByTestId('chat-body')).toHaveValue('');
});

/**
 * Sends `body` from the chat page's form (a reload without JavaScript, in place with it). The send
 * is over when the form is empty again: with JavaScript the live stream may show the message while
 * the page is still reloading after the post.
 */
async function send(page: Page, body: string) {
  await page.getByTestId('chat-body').fill(body);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: body })).toHaveCount(1);
  await expect(page.getByTestId('chat-body')).toHaveValue('');
}

/** Opens the edit form of the viewer's message holding `text`, and answers its form. */
async function startEditing(page: Page, text: string) {
  const message = page.getByTestId('chat-message').filter({ hasText: text });
  await message.getByTestId('chat-edit').click();
  await expect(page).toHaveURL(/[?&]edit=/);
  const form = page.getByTestId('chat-edit-form');
  await expect(form.getByTestId('chat-edit-body')).toHaveValue(text);
  return form;
}

test('the author edits its message in place; the other member sees the edit live', { tag: '@js-only' }, async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(employeePage, js, `/workspace/group-chat/${project.id}`);
  await expect(employeePage.getByTestId('chat-live')).toHaveText('Live');
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await send(firmPage, 'We meet on site at 10.');
  await expect(employeePage.getByTestId('chat-message').filter({ hasText: 'We meet on site at 10.' })).toHaveCount(1);
  // Someone else's message has no Edit link.
  await expect(employeePage.getByTestId('chat-message').filter({ hasText: 'We meet on site at 10.' }).getByTestId('chat-edit')).toHaveCount(0);

  const form = await startEditing(firmPage, 'We meet on site at 10.');
  await form.getByTestId('chat-edit-body').fill('   ');
  await form.getByTestId('chat-edit-save').click();
  await expect(form.getByRole('alert')).toHaveText('Write a message');
  await form.getByTestId('chat-edit-body').fill('We meet on site at 11.');
  await form.getByTestId('chat-edit-save').click();
  const edited = firmPage.getByTestId('chat-message').filter({ hasText: 'We meet on site at 11.' });
  await expect(edited.getByTestId('chat-edited')).toHaveText('edited');
  await expect(firmPage.getByTestId('chat-edit-form')).toHaveCount(0);

  // The other member's open page: the same message, now edited, once; still live.
  const seen = employeePage.getByTestId('chat-message').filter({ hasText: 'We meet on site at 11.' });
  await expect(seen.getByTestId('chat-edited')).toBeVisible();
  await expect(employeePage.getByTestId('chat-message')).toHaveCount(1);
  await expect(employeePage.getByTestId('chat-live')).toHaveText('Live');
});

test('the author edits its message with a form; the other member sees it after a reload', { tag: '@no-js-only' }, async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await send(firmPage, 'Samples arrive on Monday.');
  const form = await startEditing(firmPage, 'Samples arrive on Monday.');
  await form.getByTestId('chat-edit-body').fill('');
  await form.getByTestId('chat-edit-save').click();
  await expect(firmPage.getByTestId('chat-edit-form').getByRole('alert')).toHaveText('Write a message');
  await firmPage.getByTestId('chat-edit-body').fill('Samples arrive on Tuesday.');
  await firmPage.getByTestId('chat-edit-save').click();
  await expect(firmPage.getByTestId('chat-message').filter({ hasText: 'Samples arrive on Tuesday.' }).getByTestId('chat-edited')).toBeVisible();

  await open(employeePage, js, `/workspace/group-chat/${project.id}`);
  const seen = employeePage.getByTestId('chat-message').filter({ hasText: 'Samples arrive on Tuesday.' });
  await expect(seen.getByTestId('chat-edited')).toBeVisible();
  await expect(seen.getByTestId('chat-edit')).toHaveCount(0);
  // Asking for the edit form of someone else's message shows no form.
  const messageId = (await seen.getAttribute('id'))!.replace(/^m-/, '');
  await open(employeePage, js, `/workspace/group-chat/${project.id}?edit=${messageId}`);
  await expect(employeePage.getByTestId('chat-edit-form')).toHaveCount(0);
});

test('the chat list counts unread messages per project until the conversation is opened', async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await send(firmPage, 'First point for the meeting.');
  await send(firmPage, 'Second point for the meeting.');

  await open(employeePage, js, '/workspace/group-chat');
  const thread = employeePage.getByTestId('chat-thread').filter({ hasText: 'Chat Villa' });
  await expect(thread.getByTestId('chat-unread')).toHaveText('2 unread messages');
  await thread.click();
  await expect(employeePage.getByTestId('chat-message')).toHaveCount(2);
  await open(employeePage, js, '/workspace/group-chat');
  await expect(employeePage.getByTestId('chat-thread').filter({ hasText: 'Chat Villa' }).getByTestId('chat-unread')).toHaveCount(0);
  // The firm's own messages are never unread for it.
  await open(firmPage, js, '/workspace/group-chat');
  await expect(firmPage.getByTestId('chat-thread').filter({ hasText: 'Chat Villa' }).getByTestId('chat-unread')).toHaveCount(0);
});

test('screenshots of an edited message, the edit form and unread counts', { tag: '@on-demand' }, async ({ browser, js }) => {
  const { project, firmPage, employeePage } = await chatWorld(browser, js);
  await open(firmPage, js, `/workspace/group-chat/${project.id}`);
  await send(firmPage, 'The revised ground floor plan is in the Drawings folder.');
  await send(firmPage, 'Please check the sill heights against the client’s note.');
  await open(employeePage, js, `/workspace/group-chat/${project.id}`);
  await send(employeePage, 'Seen it. I will update the sections tomorrow.');
  const form = await startEditing(employeePage, 'Seen it. I will update the sections tomorrow.');
  await form.getByTestId('chat-edit-body').fill('Seen it. I will update the sections today.');
  await form.getByTestId('chat-edit-save').click();
  await expect(employeePage.getByTestId('chat-edited')).toBeVisible();
  // Away from the conversation (an open one reads what arrives), so the next message stays unread.
  await open(employeePage, js, '/workspace/group-chat');
  await send(firmPage, 'Thanks. Site visit on Friday at 10.');
  const mode = js ? 'js' : 'nojs';
  for (const width of [1280, 375]) {
    for (const page of [firmPage, employeePage]) await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(employeePage, js, '/workspace/group-chat');
    await expect(employeePage.getByTestId('chat-unread')).toHaveText(/1 unread message/);
    await employeePage.screenshot({ path: `${SCREENSHOT_DIR}/chat-unread-${mode}-${width}.png`, fullPage: true });
    await open(firmPage, js, `/workspace/group-chat/${project.id}`);
    await firmPage.screenshot({ path: `${SCREENSHOT_DIR}/chat-edited-${mode}-${width}.png`, fullPage: true });
    await startEditing(firmPage, 'Thanks. Site visit on Friday at 10.');
    await firmPage.screenshot({ path: `${SCREENSHOT_DIR}/chat-edit-form-${mode}-${width}.png`, fullPage: true });
  }
});

test('the password is changed in Setting', async ({ page, js }) => {
  const firm = await newFirm();
  await loginAs(page, firm.email, firm.password);
  await open(page, js, '/workspace/setting');
  const form = page.getByTestId('password-form');
  await form.getByLabel('Current password').fill('wrong-one');
  await form.getByLabel('New password').fill('better456');
  await form.getByLabel('Confirm password').fill('better456');
  await page.getByTestId('change-password').click();
  await expect(form.getByText('The current password is not right')).toBeVisible();
  // Without JavaScript the page comes back from the server, which never sends a password back.
  if (!js) await expect(form.getByLabel('Current password')).toHaveValue('');

  await form.getByLabel('Current password').fill(firm.password);
  await form.getByLabel('New password').fill('better456');
  await form.getByLabel('Confirm password').fill('better456');
  await page.getByTestId('change-password').click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  expect((await apiCall('POST', '/users/login', { email: firm.email, password: 'better456' })).status).toBe(200);
  expect(page.url()).toContain('/workspace/setting');
});

test('screenshots of the Address Book, Group Chat and Setting', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const { token } = await loginAs(page, DEMO.firm);
  const projects = (await apiCall<{ data: Array<{ id: string; projectName: string }> }>('GET', '/projects', undefined, token)).json.data;
  // The demo chat is on the firm's first project.
  const chatProject = projects.find((p) => p.projectName === 'Koregaon Park Residence') ?? projects[0]!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/chat-book-${name}-${width}.png`, fullPage: true });
    await open(page, js, '/workspace/address-book');
    await shot('address-book');
    await open(page, js, '/workspace/address-book?panel=new');
    await shot('address-book-panel');
    await open(page, js, `/workspace/group-chat/${chatProject.id}`);
    await expect(page.getByTestId('chat-live')).toHaveText('Live');
    await shot('chat');
    await open(page, js, '/workspace/setting');
    await shot('setting');
  }
});
