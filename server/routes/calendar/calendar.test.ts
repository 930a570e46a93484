import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { monthGrid } from '../../contract/calendar-rules';
import { newId } from '../../db/ids';
import { schedules, taskAssignees, tasks } from '../../db/schema';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { createTask } from '../../seed/tasks';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';

let api: TestApi;
let firm: UserRow;
let employee: UserRow;
let tokens: { firm: string; employee: string; outsider: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db);
  employee = await createEmployee(api.db, firm.id, { userName: 'Cal Employee' });
  const outsider = await createEmployee(api.db, firm.id);
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Harbour Villa' });
  const hidden = await createWorkspaceProject(api.db, firm.id, { projectName: 'Hidden Tower' });
  await createMember(api.db, project.id, { email: employee.email });
  await createTask(api.ctx, { firmId: firm.id, projectId: project.id, creatorId: firm.id, assigneeIds: [employee.id], description: 'Site survey; bring the "laser"', dueDate: inDays(5) });
  await createTask(api.ctx, { firmId: firm.id, projectId: hidden.id, creatorId: firm.id, assigneeIds: [outsider.id], description: 'Not for the employee', dueDate: inDays(5) });
  await api.db.insert(schedules).values([
    { id: newId(), projectId: project.id, title: 'Kitchen finishes', createdAt: new Date() },
    { id: newId(), projectId: hidden.id, title: 'Tower lobby', createdAt: new Date() },
  ]);
  tokens = {
    firm: (await createSession(api.db, firm.id, { remember: false })).token,
    employee: (await createSession(api.db, employee.id, { remember: false })).token,
    outsider: (await createSession(api.db, outsider.id, { remember: false })).token,
  };
});
afterAll(() => api?.close());

const get = (url: string, token?: string) => api.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('monthGrid', () => {
  it('draws Monday-to-Sunday weeks around the month', () => {
    const grid = monthGrid({ year: 2026, month: 2 });
    expect(grid.from).toBe('2026-01-26');
    expect(grid.to).toBe('2026-03-01');
    expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthGrid({ year: 2026, month: 6 }).weeks[0]![0]).toBe('2026-06-01');
  });
});

describe('GET /api/calendar', () => {
  it("shows the viewer's task due dates and the schedules of the projects it may see", async () => {
    const month = inDays(5).slice(0, 7);
    const res = await get(`/api/calendar?month=${month}`, tokens.employee);
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.events.map((e: { kind: string; title: string }) => `${e.kind}:${e.title}`);
    // A task shows its title: here its description's first words, as it was made without one.
    expect(titles).toContain('task:Site survey; bring the "laser"');
    expect(titles).not.toContain('task:Not for the employee');
    // Schedules by the day they were made: this month's.
    const now = (await get('/api/calendar', tokens.employee)).json().data.events.map((e: { title: string }) => e.title);
    expect(now).toContain('Kitchen finishes');
    expect(now).not.toContain('Tower lobby');
    const all = (await get('/api/calendar', tokens.firm)).json().data.events.map((e: { title: string }) => e.title);
    expect(all).toEqual(expect.arrayContaining(['Kitchen finishes', 'Tower lobby']));
  });

  it('shows this month for a malformed month', async () => {
    const res = await get('/api/calendar?month=2026-13', tokens.firm);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.month).toMatch(/^\d{4}-\d{2}$/);
  });
});

describe('the iCal feed', () => {
  it('is valid RFC 5545 (parsed by ical.js), reachable without a session by its token, renewed and revoked', async () => {
    expect((await get('/api/calendar/feed', tokens.employee)).json().data).toEqual({ active: false, createdAt: null });
    const renewed = await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(tokens.employee) });
    expect(renewed.statusCode).toBe(201);
    const { path, token } = renewed.json().data as { path: string; token: string };
    expect(token.length).toBeGreaterThanOrEqual(40);

    const feed = await get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const task = events.find((e) => e.summary === 'Task due: Site survey; bring the "laser"');
    expect(task).toBeDefined();
    expect(task!.startDate.isDate).toBe(true);
    expect(task!.startDate.toString()).toBe(inDays(5));
    expect(task!.description).toContain('Harbour Villa');
    expect(task!.uid).toMatch(/^task-[0-9a-f]{24}@archivista$/);
    expect(events.map((e) => e.summary)).toContain('Schedule: Kitchen finishes');
    expect(events.map((e) => e.summary).join()).not.toContain('Hidden Tower');
    // Every event has what RFC 5545 requires of a VEVENT.
    for (const v of calendar.getAllSubcomponents('vevent')) for (const prop of ['uid', 'dtstamp', 'dtstart']) expect(v.hasProperty(prop)).toBe(true);

    // Renewing: the old link stops at once.
    const again = (await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(tokens.employee) })).json().data;
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(again.path)).statusCode).toBe(200);
    // Revoking: gone.
    expect((await api.app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: bearer(tokens.employee) })).statusCode).toBe(200);
    expect((await get(again.path)).statusCode).toBe(404);
    expect((await get('/api/calendar/feed/not-a-token.ics')).statusCode).toBe(404);
  });

  it('holds every task due in its fifteen months, however many (no row cap)', async () => {
    const studio = await createFirm(api.db, { firmName: 'Many Dues' });
    const worker = await createEmployee(api.db, studio.id, { userName: 'Dee Due' });
    const project = await createWorkspaceProject(api.db, studio.id, { projectName: 'Long Haul' });
    const due = Array.from({ length: 620 }, (_, i) => ({
      id: newId(),
      firmId: studio.id,
      projectId: project.id,
      creatorId: studio.id,
      description: `Due ${i + 1}`,
      status: 'todo',
      dueDate: inDays(i % 360),
    }));
    await api.db.insert(tasks).values(due);
    await api.db.insert(taskAssignees).values(due.map((t) => ({ taskId: t.id, userId: worker.id })));
    const token = (await createSession(api.db, worker.id, { remember: false })).token;
    const { data } = (await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) })).json();
    const feed = await get(data.path);
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.filter((e) => e.summary.startsWith('Task due: Due '))).toHaveLength(due.length);
    // The latest due date is there too: a cap would have cut the end of the range.
    expect(events.map((e) => e.startDate.toString())).toContain(inDays(359));
  });

  it('stops for a deactivated employee', async () => {
    const { data } = (await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(tokens.outsider) })).json();
    expect((await get(data.path)).statusCode).toBe(200);
    const outsiderId = (await get('/api/employees', tokens.firm)).json().data.employees.find((e: { id: string }) => e.id !== employee.id)!.id;
    await api.app.inject({ method: 'POST', url: `/api/employees/${outsiderId}/deactivate`, headers: bearer(tokens.firm) });
    expect((await get(data.path)).statusCode).toBe(404);
  });
});
