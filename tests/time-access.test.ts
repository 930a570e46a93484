import { describe, it } from 'vitest';
import { addDays } from '../server/contract/dates';
import { timeTimers } from '../server/db/schema';
import { approveWeek, insertEntry } from '../server/queries/time';
import { createBillingProfile } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';
import { eq } from 'drizzle-orm';

/**
 * People's time in the workspace access table (docs/decisions/371–373). One's own time is `work`
 * on a project (each caller's entry is its own); approving a week and setting rates act on a person
 * of the firm (`firmObjectManage`: another firm's person is not found); billing is `manage`.
 */

const access = useAccessWorld();
const DAY = '2026-01-05';
let weeks = 0;
/** A Monday of its own for each call: a week is approved once. */
const freshWeek = () => addDays('2025-01-06', 7 * weeks++);

type Ctx = Omit<AccessContext, 'data'>;
const personOf = ({ world, role }: Ctx) => (role === 'nobody' || role === 'explorer' ? world.users.firm : world.users[role]);

async function ownEntry(ctx: Ctx) {
  const user = personOf(ctx);
  const row = await insertEntry(ctx.world.api.db, { firmId: ctx.world.users.firm.id, projectId: ctx.project.id, userId: user.id, workDate: DAY, minutes: 30 });
  return { entryId: row.id };
}

async function runningTimer(ctx: Ctx) {
  const user = personOf(ctx);
  const { db } = ctx.world.api;
  await db.delete(timeTimers).where(eq(timeTimers.userId, user.id));
  const firmId = user.firmId ?? user.id;
  await db.insert(timeTimers).values({ userId: user.id, firmId, projectId: ctx.project.id, startedAt: new Date(Date.now() - 10 * 60_000) });
  return {};
}

let profileMade = false;
async function approvedTime(ctx: Ctx) {
  const { db } = ctx.world.api;
  const firmId = ctx.world.users.firm.id;
  if (!profileMade) await createBillingProfile(db, firmId);
  profileMade = true;
  const week = freshWeek();
  await insertEntry(db, { firmId, projectId: ctx.project.id, userId: firmId, workDate: week, minutes: 60 });
  await approveWeek(db, firmId, firmId, week, addDays(week, 6), firmId, { costRate: 50_000, billRate: 1_00_000 });
  return { contactId: (await createContact(db, firmId, { state: 'Maharashtra' })).id };
}

async function memberWeek(ctx: Ctx, approved: boolean) {
  const { db } = ctx.world.api;
  const firmId = ctx.world.users.firm.id;
  const member = ctx.world.users.member;
  const week = freshWeek();
  await insertEntry(db, { firmId, projectId: ctx.project.id, userId: member.id, workDate: week, minutes: 45 });
  if (approved) await approveWeek(db, firmId, member.id, week, addDays(week, 6), firmId, { costRate: 0, billRate: 0 });
  return { week, userId: member.id };
}

const base = ({ project }: AccessContext) => `/api/time/${project.id}`;
const entry = { workDate: DAY, minutes: 30 };

const ENDPOINTS: AccessEndpoint[] = [
  { kind: 'work', method: 'GET', url: base },
  { kind: 'work', method: 'POST', url: (c) => `${base(c)}/entries`, body: () => entry },
  { kind: 'work', method: 'PUT', setup: ownEntry, url: (c) => `${base(c)}/entries/${c.data.entryId}`, body: () => ({ ...entry, minutes: 40, version: 1 }) },
  { kind: 'work', method: 'DELETE', setup: ownEntry, url: (c) => `${base(c)}/entries/${c.data.entryId}` },
  { kind: 'work', method: 'POST', setup: async (ctx) => (await ctx.world.api.db.delete(timeTimers).where(eq(timeTimers.userId, personOf(ctx).id)), {}), url: (c) => `${base(c)}/timer`, body: () => ({}) },
  { kind: 'firmWork', method: 'POST', setup: runningTimer, url: () => '/api/timer/stop' },
  { kind: 'manage', method: 'POST', setup: approvedTime, url: (c) => `${base(c)}/bill`, body: (c) => ({ groupBy: 'person', contactId: c.data.contactId }), allowed: [201] },
  { kind: 'firmWork', method: 'GET', url: () => '/api/timesheets' },
  { kind: 'firmObjectManage', method: 'POST', setup: (c) => memberWeek(c, false), url: () => '/api/timesheets/approve', body: (c) => ({ userId: c.data.userId, week: c.data.week }) },
  { kind: 'firmObjectManage', method: 'POST', setup: (c) => memberWeek(c, true), url: () => '/api/timesheets/reopen', body: (c) => ({ userId: c.data.userId, week: c.data.week }) },
  { kind: 'firmObjectManage', method: 'PUT', url: (c) => `/api/time-rates/${c.world.users.member.id}`, body: () => ({ costRate: 80_000, billRate: 2_00_000 }) },
];

describe('the time access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
