import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../tests/helpers/test-api';
import { firmTeam } from '../../tests/helpers/firm-team';
import { createContact } from '../seed/chat-book';
import { createEmployee, createMember, createWorkspaceProject } from '../seed/factories';
import { createBillingProfile, platformBillingFields } from '../seed/billing';
import { createOrResetSuperAdmin } from '../queries/admin-accounts';
import { createSession } from '../queries/sessions';
import { smallSummary } from '../../tests/helpers/summary';
import { createProjectThroughApi, projectForm, projectParts, sendProjectForm } from '../../tests/helpers/workspace-projects';
import type { UserRow } from '../queries/users';

/**
 * No edit silently overwrites another (docs/decisions/320): for every editable kind, two people
 * change one record from the version they both read; the first is saved, the second answers 409
 * with the record as the first left it (who and when), the record keeps the first change, and a
 * change that names no version answers 400 and changes nothing.
 */

let api: TestApi;
let firm: UserRow;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };

beforeAll(async () => {
  api = await createTestApi();
  ({ firm, tokens } = await firmTeam(api.db));
});
afterAll(() => api.close());

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, token: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** One editable kind: where it is changed, a valid change carrying `value` in `field`, and how it reads now. */
type EditableKind = {
  method?: 'PUT' | 'PATCH';
  url: string;
  field: string;
  change: (value: string) => Record<string, unknown>;
  read: () => Promise<Record<string, unknown>>;
  /** How the field's stored value reads as the change's text (default: as it is). */
  readAs?: (value: unknown) => unknown;
  /** How a change is sent, when not as JSON (a multipart form). */
  send?: (token: string, payload: Record<string, unknown>) => ReturnType<typeof call>;
  /** Who makes the two changes (default: the sub-admin first, then the firm). */
  first?: string;
  second?: string;
};

const schedule = async () => {
  const project = await createWorkspaceProject(api.db, firm.id);
  const res = await call('POST', '/api/projects/schedules', tokens.firm, { projectId: project.id, title: 'Kitchen', description: 'Cabinets' });
  return res.json().data as { id: string; projectId: string };
};
const scheduleOf = async (id: string, projectId: string) => (await call('GET', `/api/projects/schedules/${projectId}`, tokens.firm)).json().data.schedules.find((s: { id: string }) => s.id === id);

/** A schedule's summary with one room, section and product item: ids, and how each reads now. */
async function summary() {
  const s = await schedule();
  const { roomId, sectionId, items } = await smallSummary(api, tokens.firm, s.id);
  const read = async () => (await call('GET', `/api/projects/summary/${s.id}`, tokens.firm)).json().data;
  return {
    roomId,
    sectionId,
    itemId: items.product,
    room: async () => (await read()).rooms.find((r: { id: string }) => r.id === roomId),
    section: async () => (await read()).rooms[0].sections.find((x: { id: string }) => x.id === sectionId),
    item: async () => (await read()).rooms[0].sections[0].items.find((i: { id: string }) => i.id === items.product),
  };
}

const KINDS: Record<string, () => Promise<EditableKind>> = {
  contact: async () => {
    const contact = await createContact(api.db, firm.id, { name: 'Asha Client' });
    return {
      url: `/api/contacts/${contact.id}`,
      field: 'name',
      change: (name) => ({ name, kind: 'client', email: 'asha@example.test' }),
      read: async () => (await call('GET', `/api/contacts/${contact.id}`, tokens.firm)).json().data,
    };
  },
  room: async () => {
    const s = await summary();
    return { url: `/api/projects/summary/rooms/${s.roomId}`, field: 'name', change: (name) => ({ name }), read: s.room };
  },
  section: async () => {
    const s = await summary();
    return { url: `/api/projects/summary/sections/${s.sectionId}`, field: 'title', change: (title) => ({ title }), read: s.section };
  },
  item: async () => {
    const s = await summary();
    return { url: `/api/projects/summary/items/${s.itemId}`, field: 'title', change: (title) => ({ title }), read: s.item };
  },
  project: async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const url = `/api/projects/${project.id}`;
    return {
      url,
      field: 'projectName',
      change: (projectName) => ({ projectName }),
      send: (token, { projectName, version }) =>
        sendProjectForm(api, 'PUT', url, [...projectParts(projectForm({ projectName: String(projectName) })), ...(version === undefined ? [] : [{ name: 'version', value: String(version) }])], token),
      read: async () => (await call('GET', url, tokens.firm)).json().data,
    };
  },
  employee: async () => {
    const employee = await createEmployee(api.db, firm.id, { userName: 'Asha Patel' });
    const url = `/api/employees/${employee.id}`;
    return {
      url,
      field: 'name',
      change: (name) => ({ name, designation: 'Architect', email: employee.email, mobile: '9000000001', address: 'Pune', password: '', confirmPassword: '' }),
      read: async () => (await call('GET', '/api/employees', tokens.firm)).json().data.employees.find((e: { id: string }) => e.id === employee.id),
    };
  },
  'library product': async () => {
    const made = await call('POST', '/api/projects/library', tokens.firm, { title: 'Oak stool', retailPrice: 100 });
    const id = made.json().data.id as string;
    return {
      url: `/api/projects/library/${id}`,
      field: 'title',
      change: (title) => ({ title, retailPrice: 100 }),
      read: async () => (await call('GET', '/api/projects/library', tokens.firm)).json().data.products.find((p: { id: string }) => p.id === id),
    };
  },
  // Setting's mail choices: the person's own, changed from two tabs (a boolean field, read as text for the check).
  'mail choices': async () => {
    const person = await createEmployee(api.db, firm.id);
    const token = (await createSession(api.db, person.id, { remember: false })).token;
    const read = async () => (await call('GET', '/api/users/notification-settings', token)).json().data;
    return {
      url: '/api/users/notification-settings',
      field: 'chat',
      readAs: (chat) => (chat ? 'Second change' : 'First change'),
      change: (value) => ({ tasks: true, chat: value !== 'First change', leads: true }),
      read,
      first: token,
      second: token,
    };
  },
  'platform billing profile': async () => {
    const admin = async (n: number) => {
      const account = { email: `admin${n}@versions.test`, password: 'admin-secret-1' };
      await createOrResetSuperAdmin(api.db, { ...account, name: `Admin ${n}` });
      return (await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: account })).json().token as string;
    };
    const [one, two] = [await admin(1), await admin(2)];
    const read = async () => (await call('GET', '/api/admin/billing-profile', one!)).json().data ?? { version: 0, legalName: '' };
    return { url: '/api/admin/billing-profile', field: 'legalName', change: (legalName) => platformBillingFields({ legalName }), read, first: one, second: two };
  },
  // Setting's time zone: the firm's one choice, kept on its account.
  'firm time zone': async () => {
    const zones: Record<string, string> = { 'First change': 'Europe/London', 'Second change': 'America/New_York', 'Unversioned change': 'Asia/Tokyo' };
    return {
      url: '/api/firm/time-zone',
      field: 'timeZone',
      readAs: (zone) => Object.entries(zones).find(([, z]) => z === zone)?.[0] ?? zone,
      change: (value) => ({ timeZone: zones[value] }),
      read: async () => (await call('GET', '/api/firm/time-zone', tokens.firm)).json().data,
    };
  },
  schedule: async () => {
    const s = await schedule();
    return { url: `/api/projects/schedules/${s.id}`, field: 'title', change: (title) => ({ title }), read: () => scheduleOf(s.id, s.projectId) };
  },
};

describe('record versions', () => {
  it.each(Object.keys(KINDS))('a %s changed from an older version answers 409 and keeps the other change', async (name) => {
    const kind = await KINDS[name]!();
    const method = kind.method ?? 'PUT';
    const read = await kind.read();
    const version = read.version as number;
    expect(typeof version).toBe('number');

    const send = (token: string, payload: Record<string, unknown>) => (kind.send ? kind.send(token, payload) : call(method, kind.url, token, payload));
    const first = await send(kind.first ?? tokens.subAdmin, { ...kind.change('First change'), version });
    expect(first.statusCode, first.body).toBe(200);
    const second = await send(kind.second ?? tokens.firm, { ...kind.change('Second change'), version });
    expect(second.statusCode, second.body).toBe(409);
    const body = second.json();
    expect(body.code).toBe('stale');
    const readAs = kind.readAs ?? ((value: unknown) => value);
    expect(readAs(body.current[kind.field])).toBe('First change');
    expect(body.current.version).toBeGreaterThan(version);
    expect(body.changedBy?.name).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(body.changedAt))).toBe(false);
    expect(readAs((await kind.read())[kind.field])).toBe('First change');

    // Saving again from the version the 409 named is what a person does once they have seen it.
    const again = await send(kind.second ?? tokens.firm, { ...kind.change('Second change'), version: body.current.version });
    expect(again.statusCode, again.body).toBe(200);
    expect(readAs((await kind.read())[kind.field])).toBe('Second change');
  });

  it.each(Object.keys(KINDS))('a %s changed without a version answers 400 and stays as it was', async (name) => {
    const kind = await KINDS[name]!();
    const before = await kind.read();
    const payload = kind.change('Unversioned change');
    const res = await (kind.send ? kind.send(kind.first ?? tokens.subAdmin, payload) : call(kind.method ?? 'PUT', kind.url, kind.first ?? tokens.subAdmin, payload));
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesByPath(res).version).toBeDefined();
    expect((await kind.read())[kind.field]).toBe(before[kind.field]);
  });

  it('leaves margins out of a stale item\'s current values for a member who may not see them', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const s = (await call('POST', '/api/projects/schedules', tokens.firm, { projectId: project.id, title: 'Kitchen', description: 'Cabinets' })).json().data;
    const { items } = await smallSummary(api, tokens.firm, s.id);
    const member = await createEmployee(api.db, firm.id);
    await createMember(api.db, project.id, { email: member.email });
    const token = (await createSession(api.db, member.id, { remember: false })).token;
    expect((await call('PUT', `/api/projects/summary/items/${items.product}`, tokens.firm, { title: 'Sofa', tradePrice: 50_000_00, version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', `/api/projects/summary/items/${items.product}`, token, { title: 'Chair', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.title).toBe('Sofa');
    expect(stale.body).not.toMatch(/tradePrice|netProfit|markup|tradeCost/);
  });

  it('a draft invoice issued from the version before a colleague changed its lines answers 409, and stays a draft', async () => {
    await createBillingProfile(api.db, firm.id);
    const contact = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra', isClient: true });
    const made = (await call('POST', '/api/invoices', tokens.firm, { contactId: contact.id, lines: [{ description: 'Design fee', unitPrice: 10_000_00, rateBp: 1800 }] })).json().data;
    const added = await call('POST', `/api/invoices/${made.id}/lines`, tokens.subAdmin, { description: 'Site visit', unitPrice: 2_000_00, rateBp: 1800 });
    expect(added.statusCode, added.body).toBe(200);
    const stale = await call('POST', `/api/invoices/${made.id}/issue`, tokens.firm, { version: made.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale', current: { status: 'draft', version: made.version + 1 }, changedBy: { name: expect.any(String) } });
    expect(stale.json().current.lines).toHaveLength(2);
    expect((await call('POST', `/api/invoices/${made.id}/issue`, tokens.firm)).statusCode).toBe(400);
    const issued = await call('POST', `/api/invoices/${made.id}/issue`, tokens.firm, { version: made.version + 1 });
    expect(issued.statusCode, issued.body).toBe(200);
  });
});
