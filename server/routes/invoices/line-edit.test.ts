import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { INVOICE_MESSAGES as M, type Invoice } from '../../contract/invoices';
import { COA_MINIMUM_RATE, COA_STAGES } from '../../contract/fees-rules';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm, createWorkspaceProject } from '../../seed/factories';
import { createPricedSchedule } from '../../seed/invoices';
import { createSession } from '../../queries/sessions';
import { insertAgreement } from '../../queries/fees';

/**
 * CGST rule 46(g): the HSN code of goods or the SAC of services on every line of a tax invoice; rule
 * 46(f): the quantity and its unit. A draft's line is edited (code, unit, quantity) from the version
 * looked at (docs/decisions/320), and a free service line sent without a code takes the firm's SAC
 * (decision 382): 998322 residential architecture, 998323 other architecture, 998391 interior design.
 */

let api: TestApi;
const tokens: Record<'architect' | 'interior', string> = { architect: '', interior: '' };
const clients: Record<'architect' | 'interior', string> = { architect: '', interior: '' };
let houseProject: string;
let scheduleId: string;

beforeAll(async () => {
  api = await createTestApi();
  const architect = await createFirm(api.db, { role: 'architect' });
  const interior = await createFirm(api.db, { role: 'interiorDesigner' });
  for (const [name, firm] of [['architect', architect], ['interior', interior]] as const) {
    tokens[name] = (await createSession(api.db, firm.id, { remember: false })).token;
    await createBillingProfile(api.db, firm.id, { invoicePrefix: name === 'architect' ? 'ARC' : 'INT' });
    clients[name] = (await createContact(api.db, firm.id, { name: 'Asha Rao', state: 'Maharashtra' })).id;
  }
  const project = await createWorkspaceProject(api.db, architect.id);
  houseProject = project.id;
  await insertAgreement(api.db, architect.id, project.id, { basis: 'percentage', workKind: 'individual_house', rateMilli: COA_MINIMUM_RATE.individual_house, contactId: clients.architect, updatedBy: architect.id }, COA_STAGES);
  scheduleId = (await createPricedSchedule(api.db, architect.id, project.id)).schedule.id;
});
afterAll(() => api.close());

type Who = keyof typeof tokens;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => api.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
async function ok(who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<Invoice> {
  const res = await send(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Invoice }).data;
}
const fee = { description: 'Design fee', quantity: 1, unitPrice: 50_000_00, rateBp: 1800 };

describe('CGST rule 46(g): a free service line without a code takes the firm’s SAC', () => {
  it('an interior designer’s is 998391, an architect’s 998323, on a house project with its agreement 998322', async () => {
    const interior = await ok('interior', 'POST', '/invoices', { contactId: clients.interior, lines: [fee] });
    expect(interior.lines[0]).toMatchObject({ hsnSac: '998391', unit: 'NA' });
    const architect = await ok('architect', 'POST', '/invoices', { contactId: clients.architect, lines: [fee] });
    expect(architect.lines[0]).toMatchObject({ hsnSac: '998323', unit: 'NA' });
    const house = await ok('architect', 'POST', '/invoices', { contactId: clients.architect, projectId: houseProject, lines: [fee] });
    expect(house.lines[0]).toMatchObject({ hsnSac: '998322', unit: 'NA' });
    // Add a line on the house's draft: the same default.
    const added = await ok('architect', 'POST', `/invoices/${house.id}/lines`, { ...fee, description: 'Site visit' });
    expect(added.lines[1]).toMatchObject({ hsnSac: '998322', unit: 'NA' });
  });

  it('a code sent is kept, and goods counted in a unit are not given a SAC', async () => {
    const d = await ok('interior', 'POST', '/invoices', { contactId: clients.interior, lines: [{ ...fee, hsnSac: '998392' }, { ...fee, description: 'Fabric', quantity: '12.5', unit: 'MTR', unitPrice: 1_200_00 }] });
    expect(d.lines.map((l) => [l.hsnSac, l.quantity, l.unit])).toEqual([
      ['998392', '1', 'NA'],
      ['', '12.5', 'MTR'],
    ]);
  });
});

describe('CGST rule 46(g) and (f): a draft line’s HSN/SAC, unit and quantity are edited', () => {
  it('changes the code, unit and quantity, recomputes the line and raises the version', async () => {
    const d = await ok('interior', 'POST', '/invoices', { contactId: clients.interior, lines: [{ ...fee, description: 'Fabric', unitPrice: 1_200_00, hsnSac: '' , unit: 'NOS' }] });
    const line = d.lines[0]!;
    const edited = await ok('interior', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: d.version, hsnSac: '5407', unit: 'MTR', quantity: '12.5' });
    expect(edited.lines[0]).toMatchObject({ id: line.id, hsnSac: '5407', unit: 'MTR', quantity: '12.5', taxable: 15_000_00, cgst: 1_350_00, sgst: 1_350_00, total: 17_700_00 });
    expect(edited.version).toBe(d.version + 1);
    // An empty code with unit NA: a service, the firm's SAC.
    const service = await ok('interior', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: edited.version, hsnSac: '', unit: 'NA', quantity: 1 });
    expect(service.lines[0]).toMatchObject({ hsnSac: '998391', unit: 'NA', quantity: '1' });
  });

  it('a stale edit answers 409 with the draft as it now is; nothing is changed', async () => {
    const d = await ok('interior', 'POST', '/invoices', { contactId: clients.interior, lines: [fee] });
    const line = d.lines[0]!;
    await ok('interior', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: d.version, hsnSac: '998392', quantity: 2 });
    const stale = await send('interior', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: d.version, hsnSac: '998393', quantity: 3 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().current.lines[0]).toMatchObject({ hsnSac: '998392', quantity: '2' });
    expect((await ok('interior', 'GET', `/invoices/${d.id}`)).lines[0]).toMatchObject({ hsnSac: '998392', quantity: '2' });
  });

  it('refuses a bad code, unit or quantity (400), an unknown line (404), an issued invoice (409), another firm (404)', async () => {
    const d = await ok('interior', 'POST', '/invoices', { contactId: clients.interior, lines: [fee] });
    const url = `/invoices/${d.id}/lines/${d.lines[0]!.id}`;
    for (const body of [{ hsnSac: '12', quantity: 1 }, { hsnSac: '', unit: 'METRES', quantity: 1 }, { hsnSac: '', quantity: '1.2345' }, { hsnSac: '', quantity: 0 }]) {
      expect((await send('interior', 'PATCH', url, { version: d.version, ...body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('interior', 'PATCH', `/invoices/${d.id}/lines/${d.id}`, { version: d.version, hsnSac: '', quantity: 1 })).statusCode).toBe(404);
    expect((await send('architect', 'PATCH', url, { version: d.version, hsnSac: '', quantity: 1 })).statusCode).toBe(404);
    const issued = await ok('interior', 'POST', `/invoices/${d.id}/issue`, { version: d.version });
    expect((await send('interior', 'PATCH', url, { version: issued.version, hsnSac: '998392', quantity: 1 })).statusCode).toBe(409);
  });

  it('a line from the summary takes a new code and unit, but keeps the summary’s quantity', async () => {
    const d = await ok('architect', 'POST', '/invoices', { contactId: clients.architect, scheduleId });
    const line = d.lines[0]!;
    const kept = await send('architect', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: d.version, hsnSac: '9403', unit: 'SET', quantity: '7' });
    expect(kept.statusCode, kept.body).toBe(409);
    expect(kept.json().message).toBe(M.itemQuantityKept);
    const coded = await ok('architect', 'PATCH', `/invoices/${d.id}/lines/${line.id}`, { version: d.version, hsnSac: '9403', unit: 'SET', quantity: line.quantity });
    expect(coded.lines[0]).toMatchObject({ hsnSac: '9403', unit: 'SET', quantity: line.quantity, taxable: line.taxable });
  });
});
