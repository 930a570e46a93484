import type { Page } from '@playwright/test';
import { E2E } from './env';
import { expectNoZod } from './browser-scripts';
import { apiCall, DEMO, expect, loginAs, ready, test } from './fixtures';
import { addMember, confirmEmployee, createProject, finishedTasks, newVerifiedFirm } from './workspace-helpers';

/**
 * Employees, the task board and the calendar, with JavaScript and without:
 * the firm adds a sub-admin and an employee; the employee signs in and sees only its project; the
 * firm gives it a task with a file; it submits; the firm rejects with a reason; it submits again;
 * the firm approves; the calendar shows the due date.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addEmployee(page: Page, js: boolean, person: { name: string; email: string; designation: string; other?: string; subAdmin?: boolean }) {
  await page.getByTestId('add-employee').first().click();
  const panel = page.getByTestId('employee-panel');
  await expect(panel.getByRole('heading', { name: 'Add Employee' })).toBeVisible();
  await panel.getByLabel('Name').fill(person.name);
  await panel.getByLabel('Designation', { exact: true }).selectOption(person.designation);
  if (person.other) await panel.getByLabel('Other designation').fill(person.other);
  await panel.getByLabel('Email').fill(person.email);
  await panel.getByLabel('Mobile').fill('9876543210');
  await panel.getByLabel('Address').fill('14 FC Road, Pune');
  await panel.getByLabel('Password', { exact: true }).fill('secret12');
  await panel.getByLabel('Confirm password').fill('secret12');
  if (person.subAdmin) await panel.getByRole('checkbox', { name: /Is Sub Admin/ }).check();
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('employee-panel')).toHaveCount(0);
  await expect(page.getByTestId('employee-row').filter({ hasText: person.email })).toBeVisible();
  // Its person confirms the address from the welcome mail (its own journey: employee-confirmation.spec.ts).
  await confirmEmployee(person.email);
  void js;
}

const column = (page: Page, name: 'todo' | 'given' | 'review' | 'done') => page.getByTestId(`column-${name}`);

test('the firm manages employees; an employee works a task from To Do to Done; the calendar shows it', async ({ page, js }) => {
  test.setTimeout(120_000);
  const firm = await newVerifiedFirm();
  const project = await createProject(firm.token, { projectName: `Villa ${unique()}` });
  const other = await createProject(firm.token, { projectName: `Hidden ${unique()}` });
  const employeeEmail = `neha-${unique()}@example.test`;
  const subAdminEmail = `sam-${unique()}@example.test`;

  // The firm: an empty list, the spec's messages, then a sub-admin and an employee.
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/employee');
  await ready(page, js);
  await expect(page.getByText('No employees available')).toBeVisible();
  await page.getByTestId('add-employee').first().click();
  const panel = page.getByTestId('employee-panel');
  await panel.getByRole('button', { name: 'Confirm' }).click();
  for (const message of ['Name is required', 'Designation is required', 'Email required', 'Mobile number required', 'Address is required', 'Password required']) {
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
  }
  await panel.getByLabel('Mobile').fill('12345');
  await panel.getByLabel('Password', { exact: true }).fill('abc');
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByText('Mobile number must be 10 digits')).toBeVisible();
  await expect(panel.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.goto('/workspace/employee');
  await ready(page, js);

  await addEmployee(page, js, { name: 'Sam Sub', email: subAdminEmail, designation: 'Architect', subAdmin: true });
  await expect(page.getByTestId('employee-row').filter({ hasText: subAdminEmail }).getByText('Sub Admin')).toBeVisible();
  await addEmployee(page, js, { name: 'Neha Rao', email: employeeEmail, designation: 'Other', other: 'Site engineer' });
  const row = page.getByTestId('employee-row').filter({ hasText: employeeEmail });
  await expect(row).toContainText('Site engineer');
  await expect(row).toContainText('9876543210');
  await addMember(firm.token, project.id, { name: 'Neha Rao', email: employeeEmail });

  // The employee signs in (the ordinary login) and sees only its project; its header shows Workspace.
  await loginAs(page, employeeEmail, 'secret12');
  await page.goto('/workspace/project');
  await ready(page, js);
  await expect(page.getByRole('link', { name: project.projectName, exact: true })).toBeVisible();
  await expect(page.getByText(other.projectName)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workspace', exact: true })).toBeVisible();

  // The firm gives it a task with a file.
  const due = inDays(4);
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  await page.getByTestId('add-task').click();
  const taskPanel = page.getByTestId('task-panel');
  await taskPanel.getByRole('button', { name: 'Confirm' }).click();
  for (const message of ['Project is required', 'Employee is required', 'description is required', 'Please attach at least one file']) {
    await expect(taskPanel.getByText(message, { exact: true })).toBeVisible();
  }
  await taskPanel.getByLabel('Project').selectOption({ label: project.projectName });
  await taskPanel.getByRole('checkbox', { name: /Neha Rao/ }).check();
  await taskPanel.getByLabel('Due date').fill(due);
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n%${name}\n`) });
  await taskPanel.getByLabel('Files').setInputFiles([pdf('survey.pdf'), pdf('wrong.pdf')]);
  // Sent back for its description: the files are kept (decision 218), and one is left out by unticking it.
  await taskPanel.getByRole('button', { name: 'Confirm' }).click();
  await expect(taskPanel.getByText('description is required', { exact: true })).toBeVisible();
  const kept = taskPanel.getByTestId('task-kept-files');
  await expect(kept.getByRole('checkbox')).toHaveCount(2);
  await kept.getByRole('checkbox', { name: /wrong\.pdf/ }).uncheck();
  await taskPanel.getByLabel('Title').fill('Site survey');
  await taskPanel.getByLabel('Description').fill('Measure the site and mark the trees');
  await taskPanel.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('task-panel')).toHaveCount(0);
  const given = column(page, 'given').getByTestId('task-card').filter({ hasText: 'Measure the site' });
  await expect(given).toBeVisible();
  await expect(given.getByTestId('task-status')).toHaveText('in progress');
  // The card is headed by the task's title, its project under it.
  await expect(given.getByRole('heading', { name: 'Site survey' })).toBeVisible();
  await expect(given.getByTestId('task-project')).toHaveText(project.projectName);
  await expect(given).toContainText('Neha Rao');

  // The employee submits.
  await loginAs(page, employeeEmail, 'secret12');
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  const todo = column(page, 'todo').getByTestId('task-card').filter({ hasText: 'Measure the site' });
  await expect(todo).toBeVisible();
  await expect(todo.getByRole('link', { name: 'survey.pdf' })).toHaveAttribute('href', /\/workspace\/taskboard\/file\//);
  await expect(todo.getByRole('link', { name: 'wrong.pdf' })).toHaveCount(0);
  // Submit carries a note and the deliverables.
  await todo.getByTestId('submit-task').click();
  const submitDialog = page.getByTestId('submit-dialog');
  await submitDialog.getByLabel('Note').fill('Trees marked in red; the survey is attached');
  await submitDialog.getByLabel('Files').setInputFiles([pdf('measured-survey.pdf')]);
  await submitDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('submit-dialog')).toHaveCount(0);
  await expect(column(page, 'review').getByTestId('task-card').filter({ hasText: 'Measure the site' }).getByTestId('task-status')).toHaveText('in Review');

  // The firm rejects with a reason.
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  const inReview = column(page, 'review').getByTestId('task-card').filter({ hasText: 'Measure the site' });
  await expect(inReview.getByTestId('submit-note')).toContainText('Trees marked in red; the survey is attached');
  await expect(inReview.getByTestId('task-deliverables').getByRole('link', { name: 'measured-survey.pdf' })).toHaveAttribute('href', /\/workspace\/taskboard\/file\//);
  await inReview.getByTestId('reject-task').click();
  const dialog = page.getByTestId('reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('reject-dialog').getByText('A reason is required to reject a task')).toBeVisible();
  await page.getByTestId('reject-dialog').getByLabel('Reason').fill('Mark the boundary wall too');
  await page.getByTestId('reject-dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(column(page, 'given').getByTestId('task-card').filter({ hasText: 'Measure the site' })).toBeVisible();

  // The employee sees the reason and submits again.
  await loginAs(page, employeeEmail, 'secret12');
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  const back = column(page, 'todo').getByTestId('task-card').filter({ hasText: 'Measure the site' });
  await expect(back.getByTestId('reject-reason')).toContainText('Mark the boundary wall too');
  await back.getByTestId('submit-task').click();
  await page.getByTestId('submit-dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(column(page, 'review').getByTestId('task-card').filter({ hasText: 'Measure the site' })).toBeVisible();

  // The firm approves.
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  await column(page, 'review').getByTestId('task-card').filter({ hasText: 'Measure the site' }).getByTestId('approve-task').click();
  const done = column(page, 'done').getByTestId('task-card').filter({ hasText: 'Measure the site' });
  await expect(done.getByTestId('task-status')).toHaveText('Done');

  // The calendar shows the due date, for the employee too.
  await loginAs(page, employeeEmail, 'secret12');
  await page.goto(`/workspace/calendar?month=${due.slice(0, 7)}`);
  await ready(page, js);
  // The chip names the task; its whole text (with the project) is its tooltip and accessible name.
  const chip = page.locator(`td[data-day="${due}"]`).getByTestId('calendar-event').filter({ hasText: 'Site survey' });
  await expect(chip).toHaveAttribute('title', `Task due: Site survey — ${project.projectName}`);
  await expect(chip).toHaveAccessibleName(`Task due: Site survey — ${project.projectName}`);
  // A day opens (a plain link): its list names every task in full.
  await page.locator(`td[data-day="${due}"]`).getByTestId('open-day').click();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${due}`));
  await expect(page.getByTestId('day-view').getByTestId('day-event')).toHaveText(`Task due: Site survey — ${project.projectName}`);
  await page.getByTestId('renew-ical').click();
  await expect(page.getByTestId('ical-url')).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
  const feedUrl = await page.getByTestId('ical-url').inputValue();
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
});

test('a deactivated employee is signed out at once', async ({ page, js }) => {
  const firm = await newVerifiedFirm();
  const email = `gone-${unique()}@example.test`;
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/employee');
  await ready(page, js);
  await addEmployee(page, js, { name: 'Gone Soon', email, designation: 'Intern' });

  const other = await page.context().browser()!.newContext({ javaScriptEnabled: js });
  const employeePage = await other.newPage();
  await loginAs(employeePage, email, 'secret12');
  await employeePage.goto('/workspace/project');
  await expect(employeePage.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await page.getByTestId('employee-row').filter({ hasText: email }).getByTestId('deactivate-employee').click();
  await expect(page.getByTestId('employee-row').filter({ hasText: email })).toContainText('Deactivated');
  await employeePage.goto('/workspace/project');
  await expect(employeePage).toHaveURL(/\/$/);
  await other.close();

  await page.getByTestId('employee-row').filter({ hasText: email }).getByTestId('reactivate-employee').click();
  await expect(page.getByTestId('employee-row').filter({ hasText: email })).not.toContainText('Deactivated');
});

/** A task given through the api (one multipart call, as the Add Task panel's action makes). */
async function giveTaskThroughApi(token: string, fields: { projectId: string; employeeId: string; description: string }) {
  const form = new FormData();
  form.append('projectId', fields.projectId);
  form.append('employees', fields.employeeId);
  form.append('description', fields.description);
  form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n'))], { type: 'application/pdf' }), 'brief.pdf');
  const res = await fetch(`${E2E.apiURL}/api/tasks`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 201) throw new Error(`task not created: ${res.status} ${await res.text()}`);
}

test('Done shows the newest 20 finished tasks with their total, the next ones on request, and as many after a move', async ({ page, js }) => {
  const firm = await newVerifiedFirm();
  const project = await createProject(firm.token, { projectName: `Busy ${unique()}` });
  await finishedTasks(firm.user.id, project.id, 25);
  await finishedTasks(firm.user.id, project.id, 1, 'review');
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  const done = column(page, 'done');
  await expect(done.locator('.ws-column-count')).toHaveText('25');
  await expect(done.getByTestId('task-card')).toHaveCount(20);
  await expect(done.getByTestId('task-card').first()).toContainText('Finished task 25');
  await expect(done.getByTestId('done-footer')).toContainText('The newest 20 of 25 finished tasks.');
  await done.getByTestId('more-done').click();
  await expect(page).toHaveURL(/done=25/);
  await expect(done.getByTestId('task-card')).toHaveCount(25);
  await expect(done.getByTestId('task-card').last()).toContainText('Finished task 1');
  await expect(done.getByTestId('done-footer')).toHaveCount(0);
  // Approving a task keeps as many finished tasks on show.
  await column(page, 'review').getByTestId('task-card').filter({ hasText: 'Submitted task 1' }).getByRole('button', { name: 'Approve' }).click();
  await expect(done.locator('.ws-column-count')).toHaveText('26');
  await expect(page).toHaveURL(/done=25/);
  await expect(done.getByTestId('task-card')).toHaveCount(25);
  await expect(done.getByTestId('task-card').first()).toContainText('Submitted task 1');
});

test('with JavaScript a card is dragged only into the column its move allows', { tag: '@js-only' }, async ({ page, js }) => {
  const firm = await newVerifiedFirm();
  const project = await createProject(firm.token, { projectName: `Drag ${unique()}` });
  const email = `drag-${unique()}@example.test`;
  const created = await apiCall<{ data: { id: string } }>(
    'POST',
    '/employees',
    { name: 'Dev Drag', designation: 'Intern', email, mobile: '9123456780', address: 'Pune', password: 'secret12', confirmPassword: 'secret12' },
    firm.token,
  );
  expect(created.status).toBe(201);
  await confirmEmployee(email);
  await addMember(firm.token, project.id, { name: 'Dev Drag', email });
  await giveTaskThroughApi(firm.token, { projectId: project.id, employeeId: created.json.data.id, description: 'Drag me to review' });

  await loginAs(page, email, 'secret12');
  await page.goto('/workspace/taskboard');
  await ready(page, js);
  const card = column(page, 'todo').getByTestId('task-card').filter({ hasText: 'Drag me to review' });
  const handle = card.getByTestId('drag-task');

  async function dragTo(target: 'done' | 'review') {
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
    // The board may scroll itself while a card is dragged near its edge (dnd-kit's auto-scroll), so
    // the column is measured again until the pointer is over it; the drop waits for the column to
    // say so (a move that slow steps on a busy machine once dropped beside the column).
    const over = column(page, target);
    await expect
      .poll(async () => {
        const to = (await over.boundingBox())!;
        await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 4 });
        return over.getAttribute('class');
      })
      .toMatch(target === 'review' ? /is-drop-over/ : /is-drop-refused/);
    await page.mouse.up();
  }

  // To Do → Done is no move: the card stays where it was.
  await dragTo('done');
  await expect(column(page, 'todo').getByTestId('task-card').filter({ hasText: 'Drag me to review' })).toBeVisible();
  await expect(column(page, 'done').getByTestId('task-card')).toHaveCount(0);
  // To Do → In Review is Submit: its dialog offers a note and files.
  await dragTo('review');
  await page.getByTestId('submit-dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(column(page, 'review').getByTestId('task-card').filter({ hasText: 'Drag me to review' }).getByTestId('task-status')).toHaveText('in Review');
});

test('the team pages send no zod to the browser', { tag: '@js-only' }, async ({ page }) => {
  await loginAs(page, DEMO.firm);
  await expectNoZod(page, '/workspace/employee?panel=new');
  await expectNoZod(page, '/workspace/taskboard?panel=new');
  await expectNoZod(page, '/workspace/calendar');
});
