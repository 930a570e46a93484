import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApi, messagesByPath, postMultipart, type MultipartPart, type TestApi } from '../../../tests/helpers/test-api';
import { TASK_LIMITS, TASK_MESSAGES as M, type Task } from '../../contract/tasks';
import { countQueries } from '../../../tests/helpers/query-counter';
import { createTask } from '../../seed/tasks';
import { auditLog, taskAssignees, tasks } from '../../db/schema';
import { newId } from '../../db/ids';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { saveNotificationSettings } from '../../queries/settings';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';

let api: TestApi;
let firm: UserRow;
let member: UserRow;
let projectId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Task Studio' });
  member = await createEmployee(api.db, firm.id, { userName: 'Maya Member' });
  const people = {
    firm,
    member,
    subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true, userName: 'Sam Sub' }),
    bystander: await createEmployee(api.db, firm.id, { userName: 'Bo Bystander' }),
    foreignFirm: await createFirm(api.db),
  };
  for (const [role, user] of Object.entries(people)) tokens[role] = (await createSession(api.db, user.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Lake House' });
  projectId = project.id;
  await createMember(api.db, project.id, { email: member.email });
});
afterAll(() => api?.close());

const post = (url: string, token: string, payload?: object) => api.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const board = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(token) })).json().data as Record<string, Task[]>;

function taskParts(over: { projectId?: string; employees?: string[]; description?: string; dueDate?: string; files?: number } = {}): MultipartPart[] {
  const parts: MultipartPart[] = [
    { name: 'projectId', value: over.projectId ?? projectId },
    ...(over.employees ?? [member.id]).map((id) => ({ name: 'employees', value: id })),
    { name: 'description', value: over.description ?? 'Draw the site plan at 1:100' },
    { name: 'dueDate', value: over.dueDate ?? '2026-12-15' },
  ];
  for (let i = 0; i < (over.files ?? 1); i++) parts.push({ name: 'files', file: Buffer.from('%PDF-1.4\n%plan\n'), filename: `plan-${i}.pdf` });
  return parts;
}

async function giveTask(token = tokens.firm!, over: Parameters<typeof taskParts>[0] = {}) {
  const res = await postMultipart(api, '/api/tasks', taskParts(over), token);
  if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
  return res.json().data as Task;
}

describe('POST /api/tasks', () => {
  it('gives a task with its files to employees of the firm and mails them', async () => {
    const task = await giveTask(tokens.firm!, { files: 2 });
    expect(task).toMatchObject({
      project: { id: projectId, projectName: 'Lake House' },
      description: 'Draw the site plan at 1:100',
      dueDate: '2026-12-15',
      status: 'todo',
      from: { id: firm.id },
      to: [{ id: member.id, name: 'Maya Member' }],
    });
    expect(task.files.map((f) => f.fileName)).toEqual(['plan-0.pdf', 'plan-1.pdf']);
    expect((await board(tokens.member!)).todo.map((t) => t.id)).toContain(task.id);
    expect((await board(tokens.firm!)).given.map((t) => t.id)).toContain(task.id);
    expect((await board(tokens.bystander!)).todo).toEqual([]);
    expect((await api.outbox()).some((m) => m.to === member.email && m.subject === 'New task on Lake House')).toBe(true);
  });

  it('mails only the assignees whose Setting keeps task mails on (decision 118)', async () => {
    const quiet = await createEmployee(api.db, firm.id, { userName: 'Quinn Quiet' });
    await saveNotificationSettings(api.db, quiet.id, { tasks: false, chat: true, leads: true });
    await createMember(api.db, projectId, { email: quiet.email });
    const task = await giveTask(tokens.firm!, { employees: [member.id, quiet.id], description: 'Mail choices are asked first' });
    expect(task.to).toHaveLength(2);
    const mails = (await api.outbox()).filter((m) => m.text.includes('Mail choices are asked first'));
    expect(mails.map((m) => m.to)).toEqual([member.email]);
  });

  it('shows a title: its own, or the first words of the description for a task made without one', async () => {
    const titled = await postMultipart(api, '/api/tasks', [...taskParts(), { name: 'title', value: '  Site plan  ' }], tokens.firm);
    expect(titled.statusCode, titled.body).toBe(201);
    expect(titled.json().data.title).toBe('Site plan');
    const untitled = await giveTask(tokens.firm!, { description: 'Measure the north wing and draw the furniture layout for every room before Friday' });
    expect(untitled.title).toBe('Measure the north wing and draw the furniture…');
    const mail = (await api.outbox()).find((m) => m.text.includes('"Site plan"'));
    expect(mail?.text).toContain('due 15 Dec 2026');
    const long = await postMultipart(api, '/api/tasks', [...taskParts(), { name: 'title', value: 'x'.repeat(81) }], tokens.firm);
    expect(messagesByPath(long)).toEqual({ title: M.titleMax });
  });

  it("answers the spec's messages for every missing part at once", async () => {
    const res = await postMultipart(api, '/api/tasks', [{ name: 'description', value: ' ' }], tokens.firm);
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({ projectId: M.projectRequired, employees: M.employeeRequired, description: M.descriptionRequired, files: M.filesRequired });
  });

  it('refuses an assignee who is not an active employee of the firm, and a project the caller does not work on', async () => {
    const outsider = await createEmployee(api.db, (await createFirm(api.db)).id);
    const res = await postMultipart(api, '/api/tasks', taskParts({ employees: [outsider.id] }), tokens.firm);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.employeeUnknown);
    // An employee of the firm who is not on the project's members list cannot be given its task (decision 260).
    const away = await createEmployee(api.db, firm.id, { userName: 'Ada Away' });
    const refused = await postMultipart(api, '/api/tasks', taskParts({ employees: [member.id, away.id] }), tokens.firm);
    expect(refused.statusCode).toBe(400);
    expect(messagesByPath(refused)).toEqual({ employees: 'Ada Away is not a member of this project: add them on its Members tab first' });
    // A plain employee who is not a member of the project: 404, as for every project it cannot see.
    expect((await postMultipart(api, '/api/tasks', taskParts(), tokens.bystander)).statusCode).toBe(404);
    expect((await postMultipart(api, '/api/tasks', taskParts({ dueDate: '2026-02-30' }), tokens.firm)).json().message).toBe(M.dueDateInvalid);
  });
});

describe('the task moves', () => {
  it('submit, reject with a reason, submit again, approve: each mailed to the other side and audited', async () => {
    const task = await giveTask();
    const submitted = await post(`/api/tasks/${task.id}/submit`, tokens.member!);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.status).toBe('review');
    expect((await board(tokens.firm!)).review.map((t) => t.id)).toContain(task.id);

    const rejected = await post(`/api/tasks/${task.id}/reject`, tokens.firm!, { reason: 'Add the north arrow' });
    expect(rejected.json().data).toMatchObject({ status: 'todo', rejectReason: 'Add the north arrow' });
    expect((await board(tokens.member!)).todo.find((t) => t.id === task.id)?.rejectReason).toBe('Add the north arrow');

    expect((await post(`/api/tasks/${task.id}/submit`, tokens.member!)).json().data).toMatchObject({ status: 'review', rejectReason: null });
    const approved = await post(`/api/tasks/${task.id}/approve`, tokens.firm!);
    expect(approved.json().data.status).toBe('done');
    expect((await board(tokens.member!)).done.map((t) => t.id)).toContain(task.id);

    const mails = await api.outbox();
    expect(mails.filter((m) => m.to === firm.email && m.subject.startsWith('Task submitted')).length).toBeGreaterThanOrEqual(2);
    expect(mails.some((m) => m.to === member.email && m.subject.startsWith('Task sent back') && m.text.includes('Add the north arrow'))).toBe(true);
    expect(mails.some((m) => m.to === member.email && m.subject.startsWith('Task approved'))).toBe(true);
    const actions = (await api.db.select().from(auditLog).where(eq(auditLog.targetId, task.id))).map((r) => r.action).sort();
    // Each of the five mails is in the audit log too (decision 235).
    expect(actions).toEqual(['mail.sent', 'mail.sent', 'mail.sent', 'mail.sent', 'mail.sent', 'task.approved', 'task.created', 'task.rejected', 'task.submitted', 'task.submitted']);
  });

  it('Submit carries a note and files back to the creator, who reads them on the card and in the mail', async () => {
    const task = await giveTask(tokens.firm!, { description: 'Deliver the door schedule' });
    const parts: MultipartPart[] = [
      { name: 'note', value: '  Doors 1 to 12; the lift door waits for the vendor.  ' },
      { name: 'files', file: Buffer.from('%PDF-1.4\n%doors\n'), filename: 'doors.pdf' },
      { name: 'files', file: Buffer.from('door,width\nD1,900\n'), filename: 'doors.csv' },
    ];
    const tooLong = await postMultipart(api, `/api/tasks/${task.id}/submit`, [{ name: 'note', value: 'x'.repeat(TASK_LIMITS.note + 1) }], tokens.member);
    expect(messagesByPath(tooLong)).toEqual({ note: M.noteMax });
    // Nobody but an assignee sends files with a Submit; nothing of theirs is kept.
    expect((await postMultipart(api, `/api/tasks/${task.id}/submit`, parts, tokens.firm)).statusCode).toBe(403);
    const submitted = await postMultipart(api, `/api/tasks/${task.id}/submit`, parts, tokens.member);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const json = submitted.json().data as Task;
    expect(json).toMatchObject({ status: 'review', submitNote: 'Doors 1 to 12; the lift door waits for the vendor.' });
    expect(json.files.map((f) => f.fileName)).toEqual(['plan-0.pdf']);
    expect(json.deliverables.map((f) => f.fileName)).toEqual(['doors.pdf', 'doors.csv']);
    const onBoard = (await board(tokens.firm!)).review.find((t) => t.id === task.id)!;
    expect(onBoard.deliverables).toHaveLength(2);
    const bytes = await api.app.inject({ method: 'GET', url: onBoard.deliverables[0]!.url, headers: bearer(tokens.firm!) });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toContain('%doors');
    await vi.waitFor(async () => {
      const mail = (await api.outbox()).find((m) => m.to === firm.email && m.text.includes('Deliver the door schedule') && m.subject.startsWith('Task submitted'));
      expect(mail?.text).toContain('with 2 files');
      expect(mail?.text).toContain('Note: Doors 1 to 12; the lift door waits for the vendor.');
    }, { timeout: 30_000 });
    // Sent back and submitted again without a note: the old note goes, the files stay.
    await post(`/api/tasks/${task.id}/reject`, tokens.firm!, { reason: 'Add the lift door' });
    const again = (await post(`/api/tasks/${task.id}/submit`, tokens.member!)).json().data as Task;
    expect(again.submitNote).toBeNull();
    expect(again.deliverables).toHaveLength(2);
  });

  it('refuses the moves a role or a status does not allow', async () => {
    const task = await giveTask();
    // To Do cannot go to Done, nor be rejected.
    expect((await post(`/api/tasks/${task.id}/approve`, tokens.firm!)).statusCode).toBe(409);
    expect((await post(`/api/tasks/${task.id}/reject`, tokens.firm!, { reason: 'x' })).statusCode).toBe(409);
    // Only an assignee submits.
    expect((await post(`/api/tasks/${task.id}/submit`, tokens.firm!)).json().message).toBe(M.onlyAssignee);
    await post(`/api/tasks/${task.id}/submit`, tokens.member!);
    expect((await post(`/api/tasks/${task.id}/submit`, tokens.member!)).statusCode).toBe(409);
    // Only its creator approves or rejects: not the assignee, not a sub-admin who did not give it.
    const byAssignee = await post(`/api/tasks/${task.id}/approve`, tokens.member!);
    expect(byAssignee.statusCode).toBe(403);
    expect(byAssignee.json().message).toBe(M.onlyCreator);
    expect((await post(`/api/tasks/${task.id}/approve`, tokens.subAdmin!)).statusCode).toBe(403);
    // A reason is required.
    const noReason = await post(`/api/tasks/${task.id}/reject`, tokens.firm!, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(M.reasonRequired);
    // Nobody outside it sees it.
    expect((await post(`/api/tasks/${task.id}/approve`, tokens.foreignFirm!)).statusCode).toBe(404);
    expect((await post(`/api/tasks/${task.id}/submit`, tokens.bystander!)).statusCode).toBe(404);
    expect((await post('/api/tasks/not-an-id/submit', tokens.firm!)).statusCode).toBe(404);
  });
});

describe('GET /api/tasks', () => {
  it('shows every open task however old, the newest finished ones 20 at a time with their total, in a fixed number of queries', async () => {
    const studio = await createFirm(api.db, { firmName: 'Busy Studio' });
    const worker = await createEmployee(api.db, studio.id, { userName: 'Wen Worker' });
    const project = await createWorkspaceProject(api.db, studio.id, { projectName: 'Tower' });
    const token = (await createSession(api.db, worker.id, { remember: false })).token;
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
    const base = { firmId: studio.id, projectId: project.id, creatorId: studio.id, assigneeIds: [worker.id], files: [] };
    // An open task given long ago, then more tasks finished since than the board ever shows: it stays on the board.
    await createTask(api.ctx, { ...base, description: 'The oldest open task', createdAt: day(0) });
    const finished = Array.from({ length: TASK_LIMITS.doneMax + 10 }, (_, i) => ({
      id: newId(),
      firmId: studio.id,
      projectId: project.id,
      creatorId: studio.id,
      description: `Finished ${i + 1}`,
      status: 'done',
      createdAt: day(i + 1),
      updatedAt: day(i + 1),
      doneAt: day(i + 1),
    }));
    await api.db.insert(tasks).values(finished);
    await api.db.insert(taskAssignees).values(finished.map((t) => ({ taskId: t.id, userId: worker.id })));
    const total = finished.length;
    const read = async (query = '') => {
      const { result, queries } = await countQueries(api, () => api.app.inject({ method: 'GET', url: `/api/tasks${query}`, headers: bearer(token) }));
      expect(result.statusCode).toBe(200);
      return { data: result.json().data as Record<'todo' | 'done', Task[]> & { doneTotal: number }, queries: queries.length };
    };
    const first = await read();
    expect(first.data.todo.map((t) => t.description)).toEqual(['The oldest open task']);
    expect(first.data.done).toHaveLength(TASK_LIMITS.doneShown);
    expect(first.data.done[0]!.description).toBe(`Finished ${total}`);
    expect(first.data.doneTotal).toBe(total);
    const more = await read('?done=40');
    expect(more.data.done.map((t) => t.description).slice(-1)).toEqual([`Finished ${total - 39}`]);
    expect(more.queries).toBe(first.queries);
    // Above the most it shows, clamped; not a number, refused.
    const most = await read('?done=100000');
    expect(most.data.done).toHaveLength(TASK_LIMITS.doneMax);
    expect(most.data.todo).toHaveLength(1);
    expect((await api.app.inject({ method: 'GET', url: '/api/tasks?done=abc', headers: bearer(token) })).statusCode).toBe(400);
  });
});

describe('task files', () => {
  it('are served to the creator and assignees (and managers), 404 to anyone else', async () => {
    const task = await giveTask();
    const url = task.files[0]!.url;
    const asMember = await api.app.inject({ method: 'GET', url, headers: bearer(tokens.member!) });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.body).toContain('%PDF-1.4');
    expect((await api.app.inject({ method: 'GET', url, headers: bearer(tokens.subAdmin!) })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url, headers: bearer(tokens.bystander!) })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url, headers: bearer(tokens.foreignFirm!) })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('task file drafts: files kept for a form sent back (decision 218)', () => {
  const keep = async (token: string, names: string[]) => {
    const parts: MultipartPart[] = names.map((name) => ({ name: 'files', file: Buffer.from(`%PDF-1.4\n%${name}\n`), filename: name }));
    return postMultipart(api, '/api/tasks/file-drafts', parts, token);
  };
  const withDrafts = (ids: string[], over: Parameters<typeof taskParts>[0] = {}) => [...taskParts({ ...over, files: 0 }), ...ids.map((id) => ({ name: 'fileDrafts', value: id }))];

  it('keeps files for their uploader, and a task given with them takes them once; a refused form leaves them', async () => {
    const kept = await keep(tokens.member!, ['brief.pdf', 'survey.pdf']);
    expect(kept.statusCode, kept.body).toBe(201);
    const drafts = kept.json().data as Array<{ id: string; fileName: string; size: number }>;
    expect(drafts.map((d) => d.fileName)).toEqual(['brief.pdf', 'survey.pdf']);
    const ids = drafts.map((d) => d.id);

    const refused = await postMultipart(api, '/api/tasks', withDrafts(ids, { description: '' }), tokens.member!);
    expect(messagesByPath(refused)).toEqual({ description: M.descriptionRequired });
    // One more file sent with them: three files on the task.
    const parts = [...withDrafts(ids, { employees: [member.id] }), { name: 'files', file: Buffer.from('%PDF-1.4\n%new\n'), filename: 'new.pdf' }];
    const given = await postMultipart(api, '/api/tasks', parts, tokens.member!);
    expect(given.statusCode, given.body).toBe(201);
    const task = given.json().data as Task;
    expect(task.files.map((f) => f.fileName).sort()).toEqual(['brief.pdf', 'new.pdf', 'survey.pdf']);
    const brief = task.files.find((f) => f.fileName === 'brief.pdf')!;
    const read = await api.app.inject({ method: 'GET', url: brief.url, headers: bearer(tokens.member!) });
    expect(read.body).toContain('%brief.pdf');

    // Taken: a second task cannot name them.
    const again = await postMultipart(api, '/api/tasks', withDrafts(ids), tokens.member!);
    expect(again.statusCode).toBe(409);
    expect(messagesByPath(again)).toEqual({ files: M.fileDraftGone });
  });

  it("refuses another account's kept file and made-up ids, and more than ten files in all", async () => {
    const theirs = (await keep(tokens.firm!, ['theirs.pdf'])).json().data[0].id as string;
    for (const id of [theirs, newId(), 'nope']) {
      const res = await postMultipart(api, '/api/tasks', withDrafts([id], { description: `Not mine ${id}` }), tokens.member!);
      expect(res.statusCode).toBe(409);
      expect(messagesByPath(res)).toEqual({ files: M.fileDraftGone });
    }
    const mine = (await keep(tokens.member!, ['a.pdf', 'b.pdf', 'c.pdf'])).json().data.map((d: { id: string }) => d.id) as string[];
    const tooMany = await postMultipart(api, '/api/tasks', [...withDrafts(mine), ...taskParts({ files: TASK_LIMITS.files }).filter((p) => p.name === 'files')], tokens.member!);
    expect(tooMany.statusCode).toBe(400);
    expect(messagesByPath(tooMany)).toEqual({ files: M.filesMax });
  });

  it('needs a file, and someone of a firm', async () => {
    const none = await postMultipart(api, '/api/tasks/file-drafts', [{ name: 'note', value: 'x' }], tokens.member!);
    expect(none.statusCode).toBe(400);
    expect(messagesByPath(none)).toEqual({ files: M.filesRequired });
    expect((await keep('', ['x.pdf'])).statusCode).toBe(401);
  });
});
