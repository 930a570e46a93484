import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, multipart, type MultipartPart, type TestApi } from '../../tests/helpers/test-api';
import { createChatMessage, createContact } from '../seed/chat-book';
import { createFirm, createWorkspaceProject } from '../seed/factories';
import { createSession } from '../queries/sessions';

/**
 * Property: whatever a client sends to the Address Book, Group Chat and Setting endpoints (random
 * JSON, odd ids and queries, random multipart parts), the api never answers 5xx, and every error
 * has the JSON error shape.
 */

/** A URL component of any string (a lone surrogate becomes U+FFFD, as a browser sends it). */
const enc = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

let api: TestApi;
let token: string;
let projectId: string;
let contactId: string;
let messageId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { password: 'secret123' });
  token = (await createSession(api.db, firm.id, { remember: true })).token;
  projectId = (await createWorkspaceProject(api.db, firm.id)).id;
  contactId = (await createContact(api.db, firm.id)).id;
  messageId = (await createChatMessage(api.db, projectId, firm, 'A message to edit')).id;
});
afterAll(() => api.close());

type Sent = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: string | Buffer; headers?: Record<string, string> };

async function expectNo5xx(request: Sent) {
  const res = await api.app.inject({ ...request, headers: { ...bearer(token), ...request.headers } });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', '-1', '1e99', '9'.repeat(30), 'x'.repeat(5000), 'client', 'supplier', 'a@b.test'),
);
const jsonValue = fc.oneof(nasty, fc.integer(), fc.boolean(), fc.constant(null), fc.array(nasty, { maxLength: 3 }), fc.dictionary(nasty, nasty, { maxKeys: 3 }));
const CONTACT_FIELDS = ['name', 'company', 'email', 'phone', 'kind', 'notes'];
const contactBody = fc.dictionary(fc.oneof(fc.constantFrom(...CONTACT_FIELDS), fc.string({ maxLength: 10 })), jsonValue, { maxKeys: 8 });
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword', 'tasks', 'chat', 'leads'];
const otherBody = fc.dictionary(fc.oneof(fc.constantFrom(...PASSWORD_FIELDS), fc.string({ maxLength: 10 })), jsonValue, { maxKeys: 6 });
const idLike = fc.oneof(nasty.map((s) => enc(s).slice(0, 60) || 'x'), fc.constantFrom('0'.repeat(24), 'f'.repeat(24)), fc.constant('CONTACT'));

describe('no 500 for malformed requests', () => {
  it('contacts: random bodies, ids and queries', async () => {
    await fc.assert(
      fc.asyncProperty(contactBody, idLike, nasty, nasty, async (body, id, q, after) => {
        const realId = id === 'CONTACT' ? contactId : id;
        await expectNo5xx({ method: 'POST', url: '/api/contacts', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        await expectNo5xx({ method: 'PUT', url: `/api/contacts/${realId}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        await expectNo5xx({ method: 'GET', url: `/api/contacts?q=${enc(q)}&after=${enc(after)}&limit=${enc([...q].slice(0, 5).join(""))}` });
        await expectNo5xx({ method: 'GET', url: `/api/contacts/${realId}` });
      }),
      { numRuns: RUNS },
    );
  });

  it('chat: random multipart parts, JSON instead of multipart, odd cursors', async () => {
    const part = fc.oneof(
      fc.record({ name: fc.constantFrom('body', 'files', 'x'), value: nasty }),
      fc.record({ name: fc.constantFrom('files', 'body'), file: fc.uint8Array({ maxLength: 800 }).map((a) => Buffer.from(a)), filename: fc.oneof(nasty, fc.constant('a.pdf')) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 7 }), nasty, jsonValue, async (parts, cursor, json) => {
        const form = await multipart(parts.map((p) => ('file' in p ? { ...p, filename: p.filename.replace(/[\r\n"]/g, '') || 'f' } : p)) as MultipartPart[]);
        await expectNo5xx({ method: 'POST', url: `/api/projects/${projectId}/chat`, payload: form.payload, headers: form.headers });
        await expectNo5xx({ method: 'POST', url: `/api/projects/${projectId}/chat`, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
        await expectNo5xx({ method: 'GET', url: `/api/projects/${projectId}/chat?before=${enc(cursor)}&limit=${enc([...cursor].slice(0, 4).join(""))}` });
        await expectNo5xx({ method: 'GET', url: `/api/chat/attachments/${enc(cursor).slice(0, 60) || 'x'}/content` });
      }),
      { numRuns: RUNS },
    );
  });

  it('chat edits: random bodies and message ids, the unread counts', async () => {
    const editBody = fc.oneof(jsonValue, fc.record({ body: jsonValue }), fc.dictionary(fc.constantFrom('body', 'x'), jsonValue, { maxKeys: 2 }));
    await fc.assert(
      fc.asyncProperty(editBody, idLike, nasty, async (body, id, projectLike) => {
        const target = id === 'CONTACT' ? messageId : id;
        const res = await expectNo5xx({ method: 'PATCH', url: `/api/projects/${projectId}/chat/${target}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        if (target !== messageId) expect(res.statusCode).not.toBe(200);
        await expectNo5xx({ method: 'PATCH', url: `/api/projects/${enc(projectLike).slice(0, 60) || 'x'}/chat/${messageId}`, payload: '{"body":"x"}', headers: { 'content-type': 'application/json' } });
        await expectNo5xx({ method: 'GET', url: '/api/chat/unread' });
      }),
      { numRuns: RUNS },
    );
  });

  it('setting: random password and mail-choice bodies', async () => {
    await fc.assert(
      fc.asyncProperty(otherBody, async (body) => {
        await expectNo5xx({ method: 'PUT', url: '/api/users/notification-settings', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        const res = await expectNo5xx({ method: 'POST', url: '/api/users/change-password', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        // A lucky body that changes the password would end the run's premise; none can know it.
        expect(res.statusCode).not.toBe(200);
      }),
      { numRuns: RUNS },
    );
  });
});
