import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { CONTACT_MESSAGES as M, type Contact } from '../../contract/address-book';
import { gstinCheckCharacter } from '../../contract/gstin-rules';
import { auditLog } from '../../db/schema';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import type { UserRow } from '../../queries/users';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { createSession } from '../../queries/sessions';

let api: TestApi;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };

beforeAll(async () => {
  api = await createTestApi();
  let other: UserRow;
  ({ other, tokens } = await firmTeam(api.db));
  await createContact(api.db, other.id, { name: 'Not Yours' });
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('the Address Book api', () => {
  it('adds, edits and deletes a contact (sub-admin), with audit lines; an employee reads but may not write', async () => {
    const created = await call('POST', '/api/contacts', tokens.subAdmin, { name: ' Kavya Rao ', company: 'Rao Tiles', email: 'Kavya@Example.TEST', phone: '+91 98220 11223', kind: 'supplier', notes: 'Samples' });
    expect(created.statusCode).toBe(201);
    const contact: Contact = created.json().data;
    expect(contact).toMatchObject({ name: 'Kavya Rao', email: 'kavya@example.test', kind: 'supplier' });
    expect((await call('GET', `/api/contacts/${contact.id}`, tokens.employee)).json().data.name).toBe('Kavya Rao');
    expect((await call('POST', '/api/contacts', tokens.employee, { name: 'X', kind: 'client', email: 'x@example.test' })).statusCode).toBe(403);

    const updated = await call('PUT', `/api/contacts/${contact.id}`, tokens.firm, { name: 'Kavya R.', kind: 'client', phone: '020 1234 5678', version: contact.version });
    expect(updated.json().data).toMatchObject({ name: 'Kavya R.', kind: 'client', email: '', phone: '020 1234 5678' });
    expect((await call('PUT', `/api/contacts/${contact.id}`, tokens.other, { name: 'Mine', kind: 'client', phone: '123', version: contact.version + 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/contacts/${contact.id}`, tokens.firm)).statusCode).toBe(200);
    expect((await call('GET', `/api/contacts/${contact.id}`, tokens.firm)).statusCode).toBe(404);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, contact.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['contact.created', 'contact.deleted', 'contact.updated']);
  });

  it('answers field messages: name and kind required, a bad email, neither email nor phone', async () => {
    const res = await call('POST', '/api/contacts', tokens.firm, { name: ' ', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toMatchObject({ name: M.nameRequired, kind: M.kindRequired, email: M.emailInvalid });
    expect(messagesByPath(await call('POST', '/api/contacts', tokens.firm, { name: 'A', kind: 'client' }))).toEqual({ email: M.emailOrPhone });
  });

  it('lists the firm’s contacts by name, pages by keyset and searches name, company, email and phone', async () => {
    const fresh = await createFirm(api.db);
    const token = (await createSession(api.db, fresh.id, { remember: false })).token;
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) await createContact(api.db, fresh.id, { name, company: name === 'echo' ? '50% Studio' : '' });
    const first = (await call('GET', '/api/contacts?limit=2', token)).json().data;
    expect(first.contacts.map((c: Contact) => c.name)).toEqual(['Alpha', 'Bravo']);
    expect(first.canManage).toBe(true);
    const second = (await call('GET', `/api/contacts?limit=2&after=${first.next}`, token)).json().data;
    expect(second.contacts.map((c: Contact) => c.name)).toEqual(['charlie', 'delta']);
    const last = (await call('GET', `/api/contacts?limit=2&after=${second.next}`, token)).json().data;
    expect([last.contacts.map((c: Contact) => c.name), last.next]).toEqual([['echo'], null]);
    expect((await call('GET', '/api/contacts?q=50%25', token)).json().data.contacts.map((c: Contact) => c.name)).toEqual(['echo']);
    expect((await call('GET', '/api/contacts?q=RAV', token)).json().data.contacts.map((c: Contact) => c.name)).toEqual(['Bravo']);
    expect((await call('GET', '/api/contacts?kind=supplier', token)).json().data.contacts).toEqual([]);
    expect((await call('GET', '/api/contacts?kind=nope', token)).statusCode).toBe(400);
  });
});

describe('clients and suppliers (docs/decisions/257)', () => {
  it('marks a contact client and supplier with state and GSTIN, and lists it under both kinds', async () => {
    const res = await call('POST', '/api/contacts', tokens.firm, {
      name: 'Mehra Constructions',
      kind: 'consultant',
      email: 'accounts@mehra.example.test',
      isClient: true,
      isSupplier: true,
      address: '4 MG Road, Bengaluru',
      state: 'karnataka',
      // Typed in lower case; a Karnataka registration with its check character.
      gstin: `29aapfu0939f1z${gstinCheckCharacter('29AAPFU0939F1Z').toLowerCase()}`,
    });
    expect(res.statusCode).toBe(201);
    const contact: Contact = res.json().data;
    expect(contact).toMatchObject({ kind: 'consultant', isClient: true, isSupplier: true, state: 'Karnataka', address: '4 MG Road, Bengaluru' });
    expect(contact.gstin).toMatch(/^29AAPFU0939F1Z.$/);
    const ids = async (kind: string) => (await call('GET', `/api/contacts?kind=${kind}&limit=100`, tokens.firm)).json().data.contacts.map((c: Contact) => c.id);
    expect(await ids('client')).toContain(contact.id);
    expect(await ids('supplier')).toContain(contact.id);
    expect(await ids('consultant')).toContain(contact.id);
    expect(await ids('other')).not.toContain(contact.id);
  });

  it('makes a contact of kind client a client and of kind supplier a supplier', async () => {
    const client: Contact = (await call('POST', '/api/contacts', tokens.firm, { name: 'Anita Shah', kind: 'client', email: 'anita@example.test' })).json().data;
    expect(client).toMatchObject({ isClient: true, isSupplier: false, state: '', gstin: '' });
    const supplier: Contact = (await call('POST', '/api/contacts', tokens.firm, { name: 'Tile House', kind: 'supplier', phone: '9820011223', isClient: false })).json().data;
    expect(supplier).toMatchObject({ isClient: false, isSupplier: true });
  });

  it.each([
    ['a GSTIN with a wrong check character', { state: 'Maharashtra', gstin: '27AAPFU0939F1ZW' }, 'gstin', 'The last character of this GSTIN does not match the others: check it for a typing mistake'],
    ['a GSTIN of another state', { state: 'Gujarat', gstin: '27AAPFU0939F1ZV' }, 'gstin', 'This GSTIN is registered in another state, not Gujarat'],
    ['a GSTIN without a state', { gstin: '27AAPFU0939F1ZV' }, 'state', M.stateForGstin],
    ['a state outside India', { state: 'Texas' }, 'state', M.stateUnknown],
    ['a flag that is not a boolean', { isClient: 'yes' }, 'isClient', 'Must be true or false'],
  ])('answers 400 for %s', async (_name, extra, path, message) => {
    const res = await call('POST', '/api/contacts', tokens.firm, { name: 'Bad', kind: 'client', email: 'bad@example.test', ...extra });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)[path]).toBe(message);
  });
});
