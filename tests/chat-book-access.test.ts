import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatMessage, createContact } from '../server/seed/chat-book';
import { accessCases, createAccessWorld, expectAccess, expectedAccess, ACCESS_ROLES, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { openEventStream } from './helpers/event-stream';
import { bearer, createTestApi, postMultipart, type TestApi } from './helpers/test-api';

/**
 * Address Book and Group Chat in the workspace access table (docs/decisions/115 to 117): contacts
 * are read by everyone of the firm and managed by the firm and its sub-admins (another firm's
 * contact is 404); a project's chat is 'work' (its member employees, the firm, its sub-admins).
 */

let api: TestApi;
let world: AccessWorld;
let base: string;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => api?.close());

const contactOf = async () => ({ contactId: (await createContact(api.db, world.users.firm.id, { name: 'Asha Client' })).id });
const contactBody = () => ({ name: 'Neel Supplier', kind: 'supplier', email: 'neel@example.test' });

async function attachmentOf(projectId: string) {
  const res = await postMultipart(api, `/api/projects/${projectId}/chat`, [{ name: 'files', file: Buffer.from('notes'), filename: 'notes.txt' }], world.tokens.firm);
  if (res.statusCode !== 201) throw new Error(`chat upload failed: ${res.statusCode} ${res.body}`);
  return { attachmentId: res.json().data.attachments[0].id as string };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/contacts' },
  { method: 'POST', kind: 'firmManage', url: () => '/api/contacts', body: contactBody, allowed: [201] },
  { method: 'GET', kind: 'firmObjectWork', setup: contactOf, url: ({ data }) => `/api/contacts/${data.contactId}` },
  { method: 'PUT', kind: 'firmObjectManage', setup: contactOf, url: ({ data }) => `/api/contacts/${data.contactId}`, body: () => ({ ...contactBody(), version: 1 }) },
  { method: 'DELETE', kind: 'firmObjectManage', setup: contactOf, url: ({ data }) => `/api/contacts/${data.contactId}` },
  {
    method: 'GET',
    kind: 'work',
    setup: async ({ project }) => ({ messageId: (await createChatMessage(api.db, project.id, world.users.firm, 'hello')).id }),
    url: ({ project }) => `/api/projects/${project.id}/chat`,
  },
  { method: 'POST', kind: 'work', url: ({ project }) => `/api/projects/${project.id}/chat`, multipart: () => [{ name: 'body', value: 'Site visit at 10' }], allowed: [201] },
  { method: 'GET', kind: 'work', setup: ({ project }) => attachmentOf(project.id), url: ({ data }) => `/api/chat/attachments/${data.attachmentId}/content` },
  {
    method: 'PATCH',
    kind: 'work',
    name: 'PATCH /api/projects/{projectId}/chat/{messageId} (the caller’s own message)',
    setup: async ({ project, role }) => ({ messageId: (await createChatMessage(api.db, project.id, role === 'nobody' ? world.users.firm : world.users[role], 'hello')).id }),
    url: ({ project, data }) => `/api/projects/${project.id}/chat/${data.messageId}`,
    body: () => ({ body: 'hello again' }),
    allowed: [200],
  },
  {
    method: 'PATCH',
    kind: 'work',
    name: 'PATCH /api/projects/{projectId}/chat/{messageId} (the member employee’s message)',
    setup: async ({ project }) => ({ messageId: (await createChatMessage(api.db, project.id, world.users.member, 'mine')).id }),
    url: ({ project, data }) => `/api/projects/${project.id}/chat/${data.messageId}`,
    body: () => ({ body: 'not yours' }),
    allowed: [200],
    // Only its author edits a message: the firm and its sub-admins read it but may not change it.
    expect: { firm: 403, subAdmin: 403 },
  },
  { method: 'GET', kind: 'firmWork', url: () => '/api/chat/unread' },
];

describe('Address Book and Group Chat endpoints in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(world, endpoint, role);
  });
});

describe('the chat event stream in the access table', () => {
  // An allowed stream never ends, so it is opened over HTTP and closed; a refusal is an ordinary answer.
  it.each(ACCESS_ROLES.map((role) => [role]))('GET /api/projects/{projectId}/chat/events as %s', async (role) => {
    const project = await world.project();
    const expected = expectedAccess('work', role);
    const headers = role === 'nobody' ? {} : bearer(world.tokens[role]);
    const stream = await openEventStream(`${base}/api/projects/${project.id}/chat/events`, headers);
    try {
      if (expected === 'allowed') {
        expect(stream.response.status).toBe(200);
        expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      } else {
        expect(stream.response.status).toBe(expected);
      }
    } finally {
      await stream.close();
    }
  });
});
