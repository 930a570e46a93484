import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../tests/helpers/event-stream';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { newId } from '../db/ids';
import { insertSchedule } from '../queries/schedules';
import type { UserRow } from '../queries/users';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../seed/factories';
import { createSession } from '../queries/sessions';

/**
 * Access ends when the person leaves (docs/decisions/241): deactivation and
 * removal from a project's members close the person's live chat streams at once (through the chat
 * channel's NOTIFY, which every replica hears), revoke the client links they made (the Client
 * Board shows who and why) and rotate their iCal token. Also the cap of streams per account
 * (item 6). No clock is waited on: each step waits for the stream's own end.
 */

let api: TestApi;
let base: string;
let firm: UserRow;
let firmToken: string;

beforeAll(async () => {
  api = await createTestApi();
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  firm = await createFirm(api.db, { firmName: 'Leaving Studio' });
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
});
afterAll(async () => api?.close());

/** A member employee of a new project with a schedule, signed in. */
async function memberOfProject(name: string) {
  const person = await createEmployee(api.db, firm.id, { userName: name });
  const token = (await createSession(api.db, person.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: `${name}'s flat` });
  const member = await createMember(api.db, project.id, { name, email: person.email });
  const schedule = await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Kitchen', description: '', images: [] });
  return { person, token, project, member, schedule };
}

const openStream = (projectId: string, token: string) => openEventStream(`${base}/api/projects/${projectId}/chat/events`, bearer(token));
const shareLink = async (scheduleId: string, token: string) => {
  const res = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(token), payload: { clientName: 'Mrs Rao' } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; path: string };
};
const newFeed = async (token: string) => (await api.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) })).json().data.path as string;
const clientBoard = async () => (await api.app.inject({ url: '/api/projects/client-board', headers: bearer(firmToken) })).json().data;

async function waitForStreams(userId: string, count: number) {
  for (let i = 0; i < 500 && api.ctx.chatHub.streamsOf(userId) !== count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(api.ctx.chatHub.streamsOf(userId)).toBe(count);
}

describe('deactivating an employee', () => {
  it('closes its live stream at once, revokes its links with who and why, and its old iCal link stays dead after reactivation', async () => {
    const { person, token, project, schedule } = await memberOfProject('Dev Leaving');
    const link = await shareLink(schedule.id, token);
    const feed = await newFeed(token);
    expect((await api.app.inject({ url: feed })).statusCode).toBe(200);
    const stream = await openStream(project.id, token);
    expect(stream.response.status).toBe(200);
    await waitForStreams(person.id, 1);

    expect((await api.app.inject({ method: 'POST', url: `/api/employees/${person.id}/deactivate`, headers: bearer(firmToken) })).statusCode).toBe(200);
    // The server ends the stream (not the 5-minute cap): this resolves only when it does.
    await stream.ended;
    expect(stream.isEnded).toBe(true);
    await waitForStreams(person.id, 0);

    expect((await api.app.inject({ url: `/api${link.path}` })).statusCode).toBe(410);
    const board = await clientBoard();
    expect(board.links.map((l: { id: string }) => l.id)).not.toContain(link.id);
    const revoked = board.revokedLinks.find((l: { id: string }) => l.id === link.id);
    expect(revoked).toMatchObject({ state: 'revoked', revokedByName: 'Leaving Studio', revokeReason: 'Dev Leaving was deactivated' });

    expect((await api.app.inject({ method: 'POST', url: `/api/employees/${person.id}/reactivate`, headers: bearer(firmToken) })).statusCode).toBe(200);
    expect((await api.app.inject({ url: feed })).statusCode).toBe(404);
  });

  it('leaves the streams and links of others open', async () => {
    const leaving = await memberOfProject('Ira Leaving');
    const staying = await memberOfProject('Sam Staying');
    const link = await shareLink(staying.schedule.id, staying.token);
    const stream = await openStream(staying.project.id, staying.token);
    await waitForStreams(staying.person.id, 1);
    const gone = await openStream(leaving.project.id, leaving.token);
    await waitForStreams(leaving.person.id, 1);
    await api.app.inject({ method: 'POST', url: `/api/employees/${leaving.person.id}/deactivate`, headers: bearer(firmToken) });
    await gone.ended;
    expect(stream.isEnded).toBe(false);
    expect(api.ctx.chatHub.streamsOf(staying.person.id)).toBe(1);
    expect((await api.app.inject({ url: `/api${link.path}` })).statusCode).toBe(200);
    await stream.close();
  });
});

describe('removing a member from a project', () => {
  it("closes that project's stream and revokes that project's links only; the member's email changed counts as removal", async () => {
    const { person, token, project, member, schedule } = await memberOfProject('Mo Moving');
    const other = await createWorkspaceProject(api.db, firm.id, { projectName: 'Other flat' });
    await createMember(api.db, other.id, { name: person.userName, email: person.email });
    const otherSchedule = await insertSchedule(api.db, { id: newId(), projectId: other.id, userId: firm.id, title: 'Bath', description: '', images: [] });
    const link = await shareLink(schedule.id, token);
    const otherLink = await shareLink(otherSchedule.id, token);
    const removed = await openStream(project.id, token);
    const kept = await openStream(other.id, token);
    await waitForStreams(person.id, 2);

    expect((await api.app.inject({ method: 'DELETE', url: `/api/projects/members/${member.id}`, headers: bearer(firmToken) })).statusCode).toBe(200);
    await removed.ended;
    await waitForStreams(person.id, 1);
    expect(kept.isEnded).toBe(false);
    expect((await api.app.inject({ url: `/api${link.path}` })).statusCode).toBe(410);
    expect((await api.app.inject({ url: `/api${otherLink.path}` })).statusCode).toBe(200);
    const revoked = (await clientBoard()).revokedLinks.find((l: { id: string }) => l.id === link.id);
    expect(revoked.revokeReason).toBe("Mo Moving was removed from Mo Moving's flat");
    // Reconnecting is refused: the access check of the new request.
    expect((await fetch(`${base}/api/projects/${project.id}/chat/events`, { headers: bearer(token) })).status).toBe(404);

    // The other project's member row gets another email: the same ending.
    const otherMember = (await api.app.inject({ url: `/api/projects/members/${other.id}`, headers: bearer(firmToken) })).json().data.members[0];
    const changed = await api.app.inject({ method: 'PUT', url: `/api/projects/members/${otherMember.id}`, headers: bearer(firmToken), payload: { name: 'Someone else', email: 'someone@else.test' } });
    expect(changed.statusCode).toBe(200);
    await kept.ended;
    expect((await api.app.inject({ url: `/api${otherLink.path}` })).statusCode).toBe(410);
  });
});

describe('live streams per account (CHAT_STREAMS_PER_ACCOUNT, default 5)', () => {
  it('closes the oldest when one more opens', async () => {
    const { person, token, project } = await memberOfProject('Nia Many');
    const streams = [];
    for (let i = 0; i < 5; i++) {
      streams.push(await openStream(project.id, token));
      await waitForStreams(person.id, i + 1);
    }
    const sixth = await openStream(project.id, token);
    expect(sixth.response.status).toBe(200);
    await streams[0]!.ended;
    await waitForStreams(person.id, 5);
    expect(streams.slice(1).map((s) => s.isEnded)).toEqual([false, false, false, false]);
    for (const s of [...streams.slice(1), sixth]) await s.close();
  });
});
