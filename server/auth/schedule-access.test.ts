import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { SCHEDULE_MESSAGES } from '../contract/schedules-rules';
import { SUMMARY_MESSAGES } from '../contract/summary-rules';
import { newId } from '../db/ids';
import { HttpError } from '../errors';
import { insertSchedule } from '../queries/schedules';
import type { UserRow } from '../queries/users';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../seed/factories';
import { createSummaryTree } from '../seed/summary-tree';
import { requireScheduleAccess, requireSummaryRowAccess } from './schedule-access';
import type { Session } from './session';

/** The one schedule-access helper of the summary, its outputs and the library: who gets through, and the same 404 for everything else. */

let api: TestApi;
const people: Record<'firm' | 'member' | 'outsider' | 'otherFirm', UserRow> = {} as never;
let scheduleId: string;
let sectionId: string;
beforeAll(async () => {
  api = await createTestApi();
  people.firm = await createFirm(api.db);
  people.member = await createEmployee(api.db, people.firm.id);
  people.outsider = await createEmployee(api.db, people.firm.id);
  people.otherFirm = await createFirm(api.db);
  const project = await createWorkspaceProject(api.db, people.firm.id);
  await createMember(api.db, project.id, { email: people.member.email });
  scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: people.firm.id, title: 'Kitchen', description: 'Cabinets', images: [] })).id;
  const tree = await createSummaryTree(api.db, { scheduleId, firmId: people.firm.id }, [{ name: 'Kitchen', sections: [{ title: 'Cabinets', items: [] }] }]);
  sectionId = tree.rooms[0]!.sections[0]!.id;
});
afterAll(async () => api?.close());

const sessionOf = (user: UserRow): Session => ({ user, employer: null, sessionId: 'test', kind: 'user', expiresAt: new Date(Date.now() + 60_000) });

async function outcome(run: () => Promise<{ schedule: { id: string } }>) {
  try {
    return { status: 200, scheduleId: (await run()).schedule.id };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

describe('requireScheduleAccess and requireSummaryRowAccess', () => {
  it.each(['firm', 'member'] as const)('let the %s through to the schedule and to a section of it', async (who) => {
    expect(await outcome(() => requireScheduleAccess(api.db, sessionOf(people[who]), scheduleId))).toEqual({ status: 200, scheduleId });
    expect(await outcome(() => requireSummaryRowAccess(api.db, sessionOf(people[who]), 'section', sectionId))).toEqual({ status: 200, scheduleId });
  });

  it.each(['outsider', 'otherFirm'] as const)('answer the %s the same 404 as an unknown id', async (who) => {
    const session = sessionOf(people[who]);
    expect(await outcome(() => requireScheduleAccess(api.db, session, scheduleId))).toEqual({ status: 404, message: SCHEDULE_MESSAGES.notFound });
    expect(await outcome(() => requireSummaryRowAccess(api.db, session, 'section', sectionId))).toEqual({ status: 404, message: SUMMARY_MESSAGES.notFound });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const session = sessionOf(people.firm);
    for (const id of [newId(), 'not an id', '']) {
      expect(await outcome(() => requireScheduleAccess(api.db, session, id))).toEqual({ status: 404, message: SCHEDULE_MESSAGES.notFound });
      expect(await outcome(() => requireSummaryRowAccess(api.db, session, 'item', id))).toEqual({ status: 404, message: SUMMARY_MESSAGES.notFound });
    }
  });
});
