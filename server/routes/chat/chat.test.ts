import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ON_PGLITE } from '../../../tests/setup/test-database';
import { openEventStream, type StreamEvent } from '../../../tests/helpers/event-stream';
import { bearer, createTestApi, messagesByPath, postMultipart, type TestApi } from '../../../tests/helpers/test-api';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from '../../contract/chat';
import { createChatMessage } from '../../seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import type { UserRow } from '../../queries/users';
import { saveNotificationSettings } from '../../queries/settings';
import { createSession } from '../../queries/sessions';
import { countQueries } from '../../../tests/helpers/query-counter';

let api: TestApi;
let base: string;
let firm: UserRow;
let member: UserRow;
let tokens: { firm: string; member: string; employee: string };

beforeAll(async () => {
  api = await createTestApi();
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  firm = await createFirm(api.db, { firmName: 'Chat Studio' });
  member = await createEmployee(api.db, firm.id, { userName: 'Mira Member' });
  const employee = await createEmployee(api.db, firm.id);
  tokens = {
    firm: (await createSession(api.db, firm.id, { remember: false })).token,
    member: (await createSession(api.db, member.id, { remember: false })).token,
    employee: (await createSession(api.db, employee.id, { remember: false })).token,
  };
});
afterAll(async () => api?.close());

async function project() {
  const row = await createWorkspaceProject(api.db, firm.id);
  await createMember(api.db, row.id, { name: member.userName, email: member.email });
  return row;
}

const post = (projectId: string, token: string, body: string, files: Array<{ name: string; file: Buffer; filename: string }> = []) =>
  postMultipart(api, `/api/projects/${projectId}/chat`, [{ name: 'body', value: body }, ...files], token);

describe('GET and POST /api/projects/{projectId}/chat', () => {
  it('posts a message with files and lists the thread oldest first, with the files behind the access layer', async () => {
    const { id } = await project();
    const first = await post(id, tokens.member, '  Plans are up  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ projectId: id, authorId: member.id, authorName: 'Mira Member', body: 'Plans are up', attachments: [] });
    const second = await post(id, tokens.firm, '', [{ name: 'files', file: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'plan.pdf' }]);
    expect(second.statusCode).toBe(201);
    const [attachment] = second.json().data.attachments;
    expect(attachment).toMatchObject({ fileName: 'plan.pdf', contentType: 'application/pdf' });

    const page = await api.app.inject({ url: `/api/projects/${id}/chat`, headers: bearer(tokens.member) });
    expect(page.statusCode).toBe(200);
    const { messages, older, latest, project: p } = page.json().data;
    expect(p).toEqual({ id, projectName: expect.any(String) });
    expect(messages.map((m: ChatMessage) => m.body)).toEqual(['Plans are up', '']);
    expect(older).toBeNull();
    expect(latest).toBe(second.json().data.seq);

    const content = await api.app.inject({ url: `/api/chat/attachments/${attachment.id}/content`, headers: bearer(tokens.member) });
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('%PDF-1.4');
    expect((await api.app.inject({ url: `/api/chat/attachments/${attachment.id}/content`, headers: bearer(tokens.employee) })).statusCode).toBe(404);
  });

  it('mails the other readers who keep chat mails on: not the author, a non-member or one who opted out', async () => {
    const row = await project();
    const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true, userName: 'Sia Sub' });
    const quiet = await createEmployee(api.db, firm.id, { isSubAdmin: true, userName: 'Quinn Quiet' });
    await saveNotificationSettings(api.db, quiet.id, { tasks: true, chat: false, leads: true });
    expect((await post(row.id, tokens.member, 'The site visit moved to Friday')).statusCode).toBe(201);
    const sent = (await api.outbox()).filter((m) => m.text.includes('The site visit moved to Friday'));
    expect(sent.map((m) => m.to).sort()).toEqual([firm.email, subAdmin.email].sort());
    expect(sent[0]!.subject).toBe(`New message in ${row.projectName}`);
    expect(sent[0]!.text).toContain(`/workspace/group-chat/${row.id}`);
  });

  it('refuses an empty message and one over the length limit', async () => {
    const { id } = await project();
    const empty = await post(id, tokens.firm, '   ');
    expect(empty.statusCode).toBe(400);
    expect(messagesByPath(empty)).toEqual({ body: CHAT_MESSAGES.empty });
    expect((await post(id, tokens.firm, 'x'.repeat(4001))).statusCode).toBe(400);
  });

  it('refuses more files than a message takes, in the chat’s words, and keeps nothing of them', async () => {
    const { id } = await project();
    const files = Array.from({ length: CHAT_LIMITS.filesPerMessage + 1 }, (_, i) => ({ name: 'files', file: Buffer.from(`sheet ${i}`), filename: `sheet-${i}.txt` }));
    const refused = await post(id, tokens.firm, 'Six sheets', files);
    // The upload pipeline's answer for a count over the limit, as for every upload.
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(CHAT_MESSAGES.tooManyFiles);
    const thread = await api.app.inject({ method: 'GET', url: `/api/projects/${id}/chat`, headers: { authorization: `Bearer ${tokens.firm}` } });
    expect(thread.json().data.messages).toEqual([]);
  });

  it('pages backwards by seq: the newest page first, then "older" until the first message', async () => {
    const { id } = await project();
    for (let i = 1; i <= 7; i++) await createChatMessage(api.db, id, firm, `m${i}`);
    const read = async (query: string) => (await api.app.inject({ url: `/api/projects/${id}/chat${query}`, headers: bearer(tokens.firm) })).json().data;
    const newest = await read('?limit=3');
    expect(newest.messages.map((m: ChatMessage) => m.body)).toEqual(['m5', 'm6', 'm7']);
    const middle = await read(`?limit=3&before=${newest.older}`);
    expect(middle.messages.map((m: ChatMessage) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const first = await read(`?limit=3&before=${middle.older}`);
    expect(first.messages.map((m: ChatMessage) => m.body)).toEqual(['m1']);
    expect(first.older).toBeNull();
  });
});

describe('GET /api/projects/{projectId}/chat/events', () => {
  it('sends a new message to an open stream once, and resumes after Last-Event-ID without repeating', async () => {
    const { id } = await project();
    const stream = await openEventStream(`${base}/api/projects/${id}/chat/events`, bearer(tokens.member));
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-transform');
    await waitForStreams(api, 1);
    await post(id, tokens.firm, 'one');
    await post(id, tokens.firm, 'two');
    const [a, b] = await stream.until(2);
    expect([a!.event, JSON.parse(a!.data).body, JSON.parse(b!.data).body]).toEqual(['message', 'one', 'two']);
    expect(a!.id).toBe(String(JSON.parse(a!.data).seq));
    await stream.close();

    // Away: two messages are posted; the browser comes back with the last id it saw.
    await post(id, tokens.firm, 'three');
    await post(id, tokens.firm, 'four');
    const again = await openEventStream(`${base}/api/projects/${id}/chat/events`, { ...bearer(tokens.member), 'last-event-id': b!.id! });
    const resumed = await again.until(2);
    expect(resumed.map((e) => JSON.parse(e.data).body)).toEqual(['three', 'four']);
    await waitForStreams(api, 1);
    await post(id, tokens.member, 'five');
    await again.until(3);
    expect((await fence(again, id)).map((e) => JSON.parse(e.data).body)).toEqual(['three', 'four', 'five']);
    await again.close();
  });

  it('starts at the end of the thread without a cursor, and answers 404 to a non-member', async () => {
    const { id } = await project();
    await createChatMessage(api.db, id, firm, 'old news');
    const refused = await fetch(`${base}/api/projects/${id}/chat/events`, { headers: bearer(tokens.employee) });
    expect(refused.status).toBe(404);
    const stream = await openEventStream(`${base}/api/projects/${id}/chat/events`, bearer(tokens.firm));
    await waitForStreams(api, 1);
    await post(id, tokens.member, 'fresh');
    const [event] = await stream.until(1);
    expect(JSON.parse(event!.data).body).toBe('fresh');
    await stream.close();
  });
});

const edit = (projectId: string, messageId: string, token: string, body: unknown) =>
  api.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/chat/${messageId}`, headers: bearer(token), payload: body as object });

describe('PATCH /api/projects/{projectId}/chat/{messageId}: editing one’s own message', () => {
  it('replaces the text (trimmed), marks it edited, and the thread shows the edit', async () => {
    const { id } = await project();
    const sent = (await post(id, tokens.member, 'Site visit at 10')).json().data as ChatMessage;
    expect(sent.editedAt).toBeNull();
    expect(sent.revision).toBe(sent.seq);
    const res = await edit(id, sent.id, tokens.member, { body: '  Site visit at 11  ' });
    expect(res.statusCode).toBe(200);
    const edited = res.json().data as ChatMessage;
    expect(edited).toMatchObject({ id: sent.id, seq: sent.seq, body: 'Site visit at 11', editedAt: expect.any(String) });
    expect(edited.revision).toBeGreaterThan(sent.seq);
    const page = (await api.app.inject({ url: `/api/projects/${id}/chat`, headers: bearer(tokens.firm) })).json().data;
    expect(page.messages.map((m: ChatMessage) => [m.body, m.editedAt !== null])).toEqual([['Site visit at 11', true]]);
    // The stream of a page read now starts after the edit.
    expect(page.latest).toBe(edited.revision);
  });

  it('refuses others (403), another project’s or an unknown message (404), and after the edit window (403)', async () => {
    const { id } = await project();
    const other = await project();
    const mine = (await post(id, tokens.member, 'mine')).json().data as ChatMessage;
    const forbidden = await edit(id, mine.id, tokens.firm, { body: 'the firm’s words' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(CHAT_MESSAGES.notAuthor);
    expect((await edit(other.id, mine.id, tokens.member, { body: 'x' })).statusCode).toBe(404);
    expect((await edit(id, 'f'.repeat(24), tokens.member, { body: 'x' })).statusCode).toBe(404);
    const old = await createChatMessage(api.db, id, member, 'said long ago', new Date(Date.now() - 16 * 60_000));
    const late = await edit(id, old.id, tokens.member, { body: 'changed my mind' });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(CHAT_MESSAGES.editWindowPassed);
    const fresh = await createChatMessage(api.db, id, member, 'said just now', new Date(Date.now() - 14 * 60_000));
    expect((await edit(id, fresh.id, tokens.member, { body: 'still in time' })).statusCode).toBe(200);
  });

  it('validates like posting: empty text (unless the message has files), too long, not text', async () => {
    const { id } = await project();
    const text = (await post(id, tokens.member, 'words')).json().data as ChatMessage;
    const empty = await edit(id, text.id, tokens.member, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(messagesByPath(empty)).toEqual({ body: CHAT_MESSAGES.editEmpty });
    const long = await edit(id, text.id, tokens.member, { body: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(messagesByPath(long)).toEqual({ body: CHAT_MESSAGES.tooLong });
    // A body past the api's JSON limit (BODY_LIMITS.json, 16 KB) is refused before it is read: 413, a declared answer.
    expect((await edit(id, text.id, tokens.member, { body: 'x'.repeat(16_400) })).statusCode).toBe(413);
    expect((await edit(id, text.id, tokens.member, { body: 42 })).statusCode).toBe(400);
    expect((await edit(id, text.id, tokens.member, {})).statusCode).toBe(400);
    const withFile = (await post(id, tokens.member, 'see plan', [{ name: 'files', file: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'plan.pdf' }])).json().data as ChatMessage;
    const cleared = await edit(id, withFile.id, tokens.member, { body: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ body: '', attachments: [expect.objectContaining({ fileName: 'plan.pdf' })] });
  });

  it('reaches an open stream as the message again (id = its revision), once, and a resumed stream does not repeat it', async () => {
    const { id } = await project();
    const sent = (await post(id, tokens.member, 'first draft')).json().data as ChatMessage;
    const stream = await openEventStream(`${base}/api/projects/${id}/chat/events?after=${sent.revision}`, bearer(tokens.firm));
    await waitForStreams(api, 1);
    const edited = (await edit(id, sent.id, tokens.member, { body: 'second draft' })).json().data as ChatMessage;
    await post(id, tokens.member, 'after the edit');
    const [a, b] = await stream.until(2);
    expect([a!.id, JSON.parse(a!.data).id, JSON.parse(a!.data).body]).toEqual([String(edited.revision), sent.id, 'second draft']);
    expect(JSON.parse(b!.data).body).toBe('after the edit');
    expect(await fence(stream, id)).toHaveLength(2);
    await stream.close();
    const again = await openEventStream(`${base}/api/projects/${id}/chat/events`, { ...bearer(tokens.firm), 'last-event-id': a!.id! });
    const [resumed] = await again.until(1);
    expect(JSON.parse(resumed!.data).body).toBe('after the edit');
    expect(await fence(again, id)).toHaveLength(1);
    await again.close();
  });
});

describe('GET /api/chat/unread: unread messages per project', () => {
  const unread = async (token: string) =>
    Object.fromEntries(((await api.app.inject({ url: '/api/chat/unread', headers: bearer(token) })).json().data as Array<{ projectId: string; unread: number }>).map((r) => [r.projectId, r.unread]));

  it('counts others’ messages after the last read, per project, until the conversation is opened', async () => {
    const a = await project();
    const b = await project();
    for (const body of ['one', 'two', 'three']) await post(a.id, tokens.firm, body);
    await post(b.id, tokens.firm, 'elsewhere');
    await post(a.id, tokens.member, 'my own does not count');
    const before = await unread(tokens.member);
    expect([before[a.id], before[b.id]]).toEqual([3, 1]);
    // The plain employee is no member: none of it.
    const outsider = await unread(tokens.employee);
    expect([outsider[a.id], outsider[b.id]]).toEqual([undefined, undefined]);
    // An older page does not read the conversation; the newest does.
    await api.app.inject({ url: `/api/projects/${a.id}/chat?before=2`, headers: bearer(tokens.member) });
    expect((await unread(tokens.member))[a.id]).toBe(3);
    await api.app.inject({ url: `/api/projects/${a.id}/chat`, headers: bearer(tokens.member) });
    const after = await unread(tokens.member);
    expect([after[a.id], after[b.id]]).toEqual([undefined, 1]);
    await post(a.id, tokens.firm, 'four');
    expect((await unread(tokens.member))[a.id]).toBe(1);
  });

  it('reads what an open stream delivers', async () => {
    const { id } = await project();
    const stream = await openEventStream(`${base}/api/projects/${id}/chat/events`, bearer(tokens.member));
    await waitForStreams(api, 1);
    await post(id, tokens.firm, 'seen live');
    await stream.until(1);
    // The read mark is written after the delivery: waited for, not slept on.
    await vi.waitFor(async () => expect((await unread(tokens.member))[id]).toBeUndefined(), { timeout: 60_000, interval: 20 });
    await stream.close();
  });

  it('answers every project’s count in one statement (no N+1)', async () => {
    for (let i = 0; i < 4; i++) await post((await project()).id, tokens.firm, `news ${i}`);
    // The chat mails of those posts are sent after their answers: not counted here.
    await api.ctx.background.idle();
    const few = await countQueries(api, () => unread(tokens.member));
    for (let i = 0; i < 4; i++) await post((await project()).id, tokens.firm, `more news ${i}`);
    await api.ctx.background.idle();
    const many = await countQueries(api, () => unread(tokens.member));
    // The session lookup and the counts.
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(2);
  });
});

describe.skipIf(TEST_ON_PGLITE)('two api processes on one database', () => {
  let other: ChildProcess | undefined;
  let otherData: string | undefined;
  afterAll(async () => {
    other?.kill('SIGTERM');
    if (other && other.exitCode === null) await new Promise((resolve) => other!.once('exit', resolve));
    if (otherData) await fs.rm(otherData, { recursive: true, force: true });
  });

  it('delivers a message posted to one api exactly once to a stream held by the other (LISTEN/NOTIFY)', async () => {
    const port = await freePort();
    otherData = await fs.mkdtemp(path.join(os.tmpdir(), 'api-other-'));
    other = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: api.config.DATABASE_URL, API_HOST: '127.0.0.1', API_PORT: String(port), DATA_DIR: otherData, SEED_DEMO: 'false', LOG_LEVEL: 'warn', API_MAX_EVENT_LOOP_DELAY_MS: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const otherBase = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${otherBase}/api/health`);

    const { id } = await project();
    // The stream is held by the other process; the messages are posted to this one.
    const stream = await openEventStream(`${otherBase}/api/projects/${id}/chat/events`, bearer(tokens.member));
    expect(stream.response.status).toBe(200);
    // The other process listens before it answers and then reads what it missed: a first message
    // seen on the stream says both are done (waited for, not slept on).
    await post(id, tokens.firm, 'warm-up');
    await stream.until(1);
    const sent = [];
    for (const body of ['from replica A', 'again from A']) sent.push((await post(id, tokens.firm, body)).json().data.seq);
    await stream.until(3);
    const delivered = (await fence(stream, id)).slice(1);
    expect(delivered.map((e) => Number(e.id))).toEqual(sent);
    expect(delivered.map((e) => JSON.parse(e.data).body)).toEqual(['from replica A', 'again from A']);
    await stream.close();
  });
});

/**
 * The events a stream had before a marker message posted now: a stream delivers in order, so a
 * duplicate of anything earlier (the event that should not come) would have arrived before the
 * marker. Waits on the marker, not on the clock.
 */
async function fence(stream: { events: StreamEvent[] }, projectId: string) {
  const marker = `fence ${Math.random().toString(36).slice(2)}`;
  await post(projectId, tokens.firm, marker);
  const at = () => stream.events.findIndex((e) => JSON.parse(e.data).body === marker);
  await vi.waitFor(() => expect(at()).toBeGreaterThanOrEqual(0), { timeout: 60_000, interval: 10 });
  // Earlier fences' markers are not what the caller counts.
  return stream.events.slice(0, at()).filter((e) => !String(JSON.parse(e.data).body).startsWith('fence '));
}

async function waitForStreams(target: Pick<TestApi, 'ctx'>, count: number) {
  for (let i = 0; i < 200 && target.ctx.chatHub.openStreams < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(target.ctx.chatHub.openStreams).toBeGreaterThanOrEqual(count);
}

async function waitUntilUp(url: string) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
