import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { addDays, todayIn } from '../contract/calendar-rules';
import { isoDay } from '../contract/dates';
import { newId } from '../db/ids';
import { schedules } from '../db/schema';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../seed/factories';
import { createSession } from '../queries/sessions';
import { saveFirmTimeZone } from '../queries/settings';

/**
 * The calendar and the iCal feed in the firm's time zone (decision 265): a schedule made
 * late in a New York evening is on that evening's day for a New York firm and its employees, and on
 * the next day for a firm in India; "this month" and the feed's range are the firm's too.
 */

describe('todayIn and addDays', () => {
  it("name the firm's calendar day, not UTC's nor India's", () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('America/New_York', instant)).toEqual({ month: { year: 2026, month: 2 }, day: '2026-02-28' });
    expect(todayIn('Asia/Kolkata', instant)).toEqual({ month: { year: 2026, month: 3 }, day: '2026-03-01' });
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T11:00:00Z')).day).toBe('2027-01-01');
    // An unknown zone is India's (zoneOf's rule).
    expect(todayIn('Mars/Olympus', instant).day).toBe('2026-03-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -90)).toBe('2025-12-01');
  });
});

let api: TestApi;
let instant: Date;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await createTestApi();
  // Yesterday at 03:00 UTC: the evening before in New York, the morning in India.
  const yesterday = new Date(Date.now() - 86_400_000);
  instant = new Date(Date.UTC(yesterday.getUTCFullYear(), yesterday.getUTCMonth(), yesterday.getUTCDate(), 3));
  for (const [name, zone] of [
    ['ny', 'America/New_York'],
    ['india', 'Asia/Kolkata'],
  ] as const) {
    const firm = await createFirm(api.db, { firmName: `Zone ${name}` });
    await saveFirmTimeZone(api.db, firm.id, firm.id, zone, firm.version);
    const employee = await createEmployee(api.db, firm.id);
    const project = await createWorkspaceProject(api.db, firm.id, { projectName: `Zone ${name} house` });
    await createMember(api.db, project.id, { email: employee.email });
    await api.db.insert(schedules).values({ id: newId(), projectId: project.id, title: `Late schedule ${name}`, createdAt: instant });
    tokens[name] = (await createSession(api.db, firm.id, { remember: false })).token;
    tokens[`${name}Employee`] = (await createSession(api.db, employee.id, { remember: false })).token;
  }
});
afterAll(() => api?.close());

const dayOf = async (token: string, title: string) => {
  const month = isoDay(instant, 'America/New_York').slice(0, 7);
  const other = isoDay(instant, 'Asia/Kolkata').slice(0, 7);
  for (const m of new Set([month, other])) {
    const events = (await api.app.inject({ method: 'GET', url: `/api/calendar?month=${m}`, headers: bearer(token) })).json().data.events as Array<{ title: string; date: string }>;
    const found = events.find((e) => e.title === title);
    if (found) return found.date;
  }
  return null;
};

describe('the calendar in the firm time zone', () => {
  it("puts a schedule on the firm's day, for the firm and its employees", async () => {
    expect(await dayOf(tokens.ny!, 'Late schedule ny')).toBe(isoDay(instant, 'America/New_York'));
    expect(await dayOf(tokens.nyEmployee!, 'Late schedule ny')).toBe(isoDay(instant, 'America/New_York'));
    expect(await dayOf(tokens.india!, 'Late schedule india')).toBe(isoDay(instant, 'Asia/Kolkata'));
    expect(isoDay(instant, 'America/New_York')).not.toBe(isoDay(instant, 'Asia/Kolkata'));
  });

  it("opens on the firm's month", async () => {
    const month = (await api.app.inject({ method: 'GET', url: '/api/calendar', headers: bearer(tokens.ny!) })).json().data.month;
    expect(month).toBe(todayIn('America/New_York').month.year + '-' + String(todayIn('America/New_York').month.month).padStart(2, '0'));
  });

  it("gives the iCal feed's all-day events on the firm's days", async () => {
    for (const [who, zone] of [
      ['nyEmployee', 'America/New_York'],
      ['india', 'Asia/Kolkata'],
    ] as const) {
      const { path } = (await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(tokens[who]!) })).json().data;
      const feed = await api.app.inject({ method: 'GET', url: path });
      expect(feed.statusCode).toBe(200);
      const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      const schedule = events.find((e) => e.summary.startsWith('Schedule: Late schedule'));
      expect(schedule?.startDate.isDate, who).toBe(true);
      expect(schedule!.startDate.toString()).toBe(isoDay(instant, zone));
    }
  });
});
