import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { firmTeam } from '../../../tests/helpers/firm-team';
import type { FeeAgreement } from '../../contract/fees';
import { FEE_PROPOSAL_MESSAGES as PM, type PortalFeeProposalReply } from '../../contract/fee-proposals';
import type { Invoice } from '../../contract/invoices';
import { PORTAL_MESSAGES as M, PROOF_HEADER, type PortalOverview, type ProofReply } from '../../contract/portal';
import { feeProposals, invoices } from '../../db/schema';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createUser, createWorkspaceProject } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

/**
 * Fee proposals in the client's portal (docs/decisions/421) through the api: the firm shares the
 * agreement's letter as a frozen version; the client reads it and accepts after proving the
 * address; who, when, through which portal and which version are kept; a change of an accepted
 * agreement is a draft of the next version while the accepted one still bills; a version still
 * waiting is superseded by a newer one; two people editing at once answer 409. Nothing of a trade
 * price, margin or a person's rate is in any reply the client gets.
 */

let api: TestApi;
let tokens: Awaited<ReturnType<typeof firmTeam>>['tokens'] & {
  explorer: string;
};
let projectId: string;
let otherProjectId: string;
let clientEmail: string;
const RUPEE = 100;

let address = 0;
const nextAddress = () => `10.8.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string; payload?: object; proof?: string } = {}) {
  const headers: Record<string, string> = {
    ...(options.token ? bearer(options.token) : {}),
    ...(options.proof ? { [PROOF_HEADER]: options.proof } : {}),
  };
  return api.app.inject({
    method,
    url: `/api${url}`,
    headers,
    remoteAddress: nextAddress(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}
async function ok<T = { message: string; data: FeeAgreement }>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await call(method, url, { token: tokens.firm, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const base = (id = projectId) => `/fee-agreements/${id}`;
const agreement = async (id = projectId) => (await ok<{ data: { agreement: FeeAgreement } }>('GET', base(id))).data.agreement;

/** Words of what the client must never see. */
const SECRET = /trade|margin|profit|markup|costRate|billRate|cost_rate|bill_rate/i;

let portalToken = '';
let otherPortalToken = '';
let proof = '';

async function proveAddress(token: string, email: string): Promise<string> {
  expect((await call('POST', `/portal/${token}/code`)).statusCode).toBe(200);
  const mail = (await api.outbox()).filter((m) => m.to === email).at(-1)!;
  const code = /is (\d{6})\./.exec(mail.text)![1]!;
  const proved = await call('POST', `/portal/${token}/proof`, {
    payload: { code },
  });
  expect(proved.statusCode, proved.body).toBe(201);
  return (proved.json() as ProofReply).data.proof;
}

const overview = async (token = portalToken, p = proof) => {
  const res = await call('GET', `/portal/${token}`, { proof: p });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(SECRET);
  return (res.json() as { data: PortalOverview }).data;
};

beforeAll(async () => {
  api = await createTestApi();
  const team = await firmTeam(api.db);
  tokens = {
    ...team.tokens,
    explorer: (await createSession(api.db, (await createUser(api.db, { role: 'explorer' })).id, { remember: false })).token,
  };
  await createBillingProfile(api.db, team.firm.id);
  projectId = (
    await createWorkspaceProject(api.db, team.firm.id, {
      projectName: 'Baner Clinic',
    })
  ).id;
  otherProjectId = (
    await createWorkspaceProject(api.db, team.firm.id, {
      projectName: 'Aundh House',
    })
  ).id;
  const client = await createContact(api.db, team.firm.id, {
    name: 'Kiran Desai',
    email: 'kiran@client.test',
    state: 'Maharashtra',
  });
  const other = await createContact(api.db, team.firm.id, {
    name: 'Asha Rao',
    email: 'asha@client.test',
    state: 'Maharashtra',
  });
  clientEmail = client.email;
  await ok('PUT', base(), {
    basis: 'percentage',
    workKind: 'other',
    contactId: client.id,
  });
  await ok('POST', `${base()}/costs`, {
    kind: 'rough',
    amount: 2_00_00_000 * RUPEE,
    recordedOn: '2026-04-10',
  });
  await ok('PUT', base(otherProjectId), {
    basis: 'lump_sum',
    workKind: 'individual_house',
    lumpSum: 5_00_000 * RUPEE,
    contactId: other.id,
  });
  const shared = await call('POST', `${base(otherProjectId)}/proposals`, {
    token: tokens.firm,
    payload: { version: (await agreement(otherProjectId)).version },
  });
  expect(shared.statusCode, shared.body).toBe(201);
  const otherPortal = await ok<{ data: { path: string } }>('POST', `/contacts/${other.id}/portal`);
  otherPortalToken = otherPortal.data.path.replace('/portal/', '');
  // The client's portal is opened by sharing; making it again gives its address.
  const a = await agreement();
  const first = await call('POST', `${base()}/proposals`, {
    token: tokens.firm,
    payload: { version: a.version },
  });
  expect(first.statusCode, first.body).toBe(201);
  expect(first.json().message).toBe(PM.shared(1));
  portalToken = (await ok<{ data: { path: string } }>('POST', `/contacts/${client.id}/portal`)).data.path.replace('/portal/', '');
});
afterAll(() => api?.close());

describe('a fee proposal shared with the client', () => {
  it('is listed in the client’s portal as version 1, and reads as the frozen letter, client figures only', async () => {
    const data = await overview(portalToken, '');
    expect(data.feeProposals).toHaveLength(1);
    const [listed] = data.feeProposals;
    expect(listed).toMatchObject({
      version: 1,
      status: 'pending',
      projectName: 'Baner Clinic',
      fee: 10_00_000 * RUPEE,
    });
    const read = await call('GET', `/portal/${portalToken}/fee-proposals/${listed!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).not.toMatch(SECRET);
    const { letter } = (read.json() as PortalFeeProposalReply).data;
    expect(letter.rateMilli).toBe(5000);
    expect(letter.client?.name).toBe('Kiran Desai');
    expect(letter.stages.find((s) => s.name === 'Concept design')?.cumulative).toBe(1_00_000 * RUPEE);
    // Another client's proposal is not there through this portal.
    const theirs = (await overview(otherPortalToken, '')).feeProposals[0]!;
    expect((await call('GET', `/portal/${portalToken}/fee-proposals/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/portal/${portalToken}/fee-proposals/not-an-id`)).statusCode).toBe(404);
  });

  it('sharing the same figures again is refused; a stale version is a 409', async () => {
    const a = await agreement();
    const again = await call('POST', `${base()}/proposals`, {
      token: tokens.firm,
      payload: { version: a.version },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PM.nothingNew);
    const stale = await call('POST', `${base()}/proposals`, {
      token: tokens.firm,
      payload: { version: a.version + 5 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('frozen: a cost recorded after sharing does not change the copy the client reads', async () => {
    await ok('POST', `${base()}/costs`, {
      kind: 'rough',
      amount: 2_10_00_000 * RUPEE,
      recordedOn: '2026-04-20',
    });
    const [listed] = (await overview(portalToken, '')).feeProposals;
    expect(listed!.fee).toBe(10_00_000 * RUPEE);
    await ok('POST', `${base()}/costs`, {
      kind: 'rough',
      amount: 2_00_00_000 * RUPEE,
      recordedOn: '2026-04-21',
    });
  });

  it('accepting needs a proof of the address; with one, who, when, the portal and the version are kept', async () => {
    const [listed] = (await overview(portalToken, '')).feeProposals;
    const url = `/portal/${portalToken}/fee-proposals/${listed!.id}/accept`;
    const unproven = await call('POST', url, { payload: {} });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe('proof-required');
    // A proof of another portal proves nothing here.
    const theirs = await proveAddress(otherPortalToken, 'asha@client.test');
    expect((await call('POST', url, { payload: {}, proof: theirs })).statusCode).toBe(403);
    proof = await proveAddress(portalToken, clientEmail);
    const accepted = await call('POST', url, { payload: {}, proof });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(PM.accepted);
    // Answered once: again, or declining now, is a 409.
    expect((await call('POST', url, { payload: {}, proof })).statusCode).toBe(409);
    expect((await call('POST', `/portal/${portalToken}/fee-proposals/${listed!.id}/decline`, { payload: { reason: 'No' }, proof })).statusCode).toBe(409);
    const [row] = await api.db.select().from(feeProposals).where(eq(feeProposals.id, listed!.id));
    expect(row).toMatchObject({
      status: 'accepted',
      decidedEmail: clientEmail,
      version: 1,
    });
    expect(row!.decidedPortalId).toBe(row!.portalId);
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const a = await agreement();
    expect(a.inForce).toMatchObject({ version: 1, proposalId: listed!.id });
    expect(a.changedSinceAccepted).toBe(false);
    expect(a.proposals[0]).toMatchObject({
      version: 1,
      status: 'accepted',
      decidedEmail: clientEmail,
      clientName: 'Kiran Desai',
    });
    expect(a.proposals[0]!.decidedAt).not.toBeNull();
  });

  it('a change of the accepted agreement is a draft of version 2: the accepted 5 % still bills', async () => {
    const a = await agreement();
    const changed = await ok('PUT', base(), {
      version: a.version,
      basis: 'percentage',
      workKind: 'other',
      rateMilli: 6000,
      contactId: a.contactId,
    });
    expect(changed.data.rateMilli).toBe(6000);
    expect(changed.data.changedSinceAccepted).toBe(true);
    expect(changed.data.inForce?.version).toBe(1);
    // The fee shown is the one in force: 5 % of ₹2,00,00,000.
    expect(changed.data.fee).toBe(10_00_000 * RUPEE);
    const concept = changed.data.stages.find((s) => s.name === 'Concept design')!;
    await ok('POST', `${base()}/stages/${concept.id}/reached`, {
      reachedOn: '2026-05-01',
    });
    const billed = await ok<{ data: { invoiceIds: string[] } }>('POST', `${base()}/stages/${concept.id}/bill`);
    const invoice = (await ok<{ data: Invoice }>('GET', `/invoices/${billed.data.invoiceIds[0]}`)).data;
    expect(invoice.lines[0]!.description).toContain('5 % of ₹2,00,00,000.00');
    expect(invoice.taxable).toBe(1_00_000 * RUPEE);
    // Void the draft so the rest of the file bills from a clean slate.
    await api.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, invoice.id));
  });

  it('two people saving from the same version: one is saved, the other answers 409 and loses nothing silently', async () => {
    const a = await agreement();
    const body = (rateMilli: number) => ({
      version: a.version,
      basis: 'percentage',
      workKind: 'other',
      rateMilli,
      contactId: a.contactId,
    });
    const [one, two] = await Promise.all([call('PUT', base(), { token: tokens.firm, payload: body(6500) }), call('PUT', base(), { token: tokens.subAdmin, payload: body(7000) })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const saved = (await agreement()).rateMilli;
    expect(saved).toBe(one.statusCode === 200 ? 6500 : 7000);
    // A stage edited from a stale version is a 409 too; without a version a change of an existing agreement is refused.
    const stage = a.stages[1]!;
    const staleStage = await call('PUT', `${base()}/stages/${stage.id}`, {
      token: tokens.firm,
      payload: {
        version: a.version,
        name: 'Concept',
        shareBp: 1000,
        costBasis: 'rough',
      },
    });
    expect(staleStage.statusCode).toBe(409);
    const unnamed = await call('PUT', base(), {
      token: tokens.firm,
      payload: { basis: 'percentage', workKind: 'other', rateMilli: 6000 },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(messagesByPath(unnamed)).toEqual({ version: PM.versionRequired });
  });

  it('version 2 shared then version 3: the client sees only 3 waiting and 1 accepted; 2 is gone for them', async () => {
    let a = await agreement();
    const v2 = await call('POST', `${base()}/proposals`, {
      token: tokens.firm,
      payload: { version: a.version },
    });
    expect(v2.statusCode, v2.body).toBe(201);
    const v2Id = (await overview()).feeProposals.find((p) => p.version === 2)!.id;
    a = (
      await ok('PUT', base(), {
        version: a.version,
        basis: 'percentage',
        workKind: 'other',
        rateMilli: 5500,
        contactId: a.contactId,
      })
    ).data;
    const v3 = await call('POST', `${base()}/proposals`, {
      token: tokens.firm,
      payload: { version: a.version },
    });
    expect(v3.statusCode, v3.body).toBe(201);
    expect(v3.json().message).toBe(PM.shared(3));
    const listed = (await overview()).feeProposals;
    expect(listed.map((p) => [p.version, p.status])).toEqual([
      [3, 'pending'],
      [1, 'accepted'],
    ]);
    expect((await call('GET', `/portal/${portalToken}/fee-proposals/${v2Id}`)).statusCode).toBe(404);
    expect((await call('POST', `/portal/${portalToken}/fee-proposals/${v2Id}/accept`, { payload: {}, proof })).statusCode).toBe(404);
    const firmSide = await agreement();
    expect(firmSide.proposals.map((p) => [p.version, p.status])).toEqual([
      [3, 'pending'],
      [2, 'superseded'],
      [1, 'accepted'],
    ]);
  });

  it('declining asks a reason; the firm reads it, and version 1 stays in force', async () => {
    const v3 = (await overview()).feeProposals.find((p) => p.version === 3)!;
    const url = `/portal/${portalToken}/fee-proposals/${v3.id}/decline`;
    const bare = await call('POST', url, { payload: { reason: '  ' }, proof });
    expect(bare.statusCode).toBe(400);
    expect(messagesByPath(bare)).toEqual({ reason: PM.reasonRequired });
    const declined = await call('POST', url, {
      payload: { reason: 'Please keep the COA minimum of 5 %' },
      proof,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const a = await agreement();
    expect(a.proposals[0]).toMatchObject({
      version: 3,
      status: 'declined',
      declineReason: 'Please keep the COA minimum of 5 %',
    });
    expect(a.inForce?.version).toBe(1);
    expect((await overview()).feeProposals.map((p) => [p.version, p.status])).toEqual([
      [3, 'declined'],
      [1, 'accepted'],
    ]);
  });

  it('the firm is told by mail of a decision', async () => {
    const mails = (await api.outbox()).filter((m) => /fee proposal version/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Kiran Desai accepted fee proposal version 1 for Baner Clinic'), expect.stringContaining('Kiran Desai declined fee proposal version 3')])
    );
  });
});

describe('the client as a caller of fee proposals', () => {
  const garbage = 'x'.repeat(43);
  const cases = (id: () => Promise<string>) =>
    [
      ['nobody (a token that names no portal)', async () => call('GET', `/portal/${garbage}/fee-proposals/${await id()}`), 404],
      ['another client, through their own portal', async () => call('GET', `/portal/${otherPortalToken}/fee-proposals/${await id()}`), 404],
      ['the client, reading without a proof', async () => call('GET', `/portal/${portalToken}/fee-proposals/${await id()}`), 200],
      ['the client, accepting without a proof', async () => call('POST', `/portal/${portalToken}/fee-proposals/${await id()}/accept`, { payload: {} }), 403],
      ['the client, declining without a proof', async () => call('POST', `/portal/${portalToken}/fee-proposals/${await id()}/decline`, { payload: { reason: 'x' } }), 403],
      ['a firm token is no key to a client’s portal', async () => call('POST', `/portal/${garbage}/fee-proposals/${await id()}/accept`, { token: tokens.firm, payload: {} }), 404],
    ] as const;
  const pendingId = async () => (await overview()).feeProposals[0]!.id;

  it.each(cases(pendingId))('%s', async (_name, run, status) => {
    const res = await run();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toMatch(SECRET);
  });

  it('the firm’s callers: nobody 401, an explorer and a plain employee refused, the sub-admin shares', async () => {
    const url = `${base()}/proposals`;
    const version = (await agreement()).version;
    expect((await call('POST', url, { payload: { version } })).statusCode).toBe(401);
    expect(
      (
        await call('POST', url, {
          token: tokens.explorer,
          payload: { version },
        })
      ).statusCode
    ).toBe(403);
    expect((await call('POST', url, { token: tokens.other, payload: { version } })).statusCode).toBe(404);
    expect([403, 404]).toContain(
      (
        await call('POST', url, {
          token: tokens.employee,
          payload: { version },
        })
      ).statusCode
    );
  });

  it('a revoked portal ends it: 410, nothing shown', async () => {
    const id = await pendingId();
    const contactId = (await agreement()).contactId!;
    await ok('DELETE', `/contacts/${contactId}/portal`);
    for (const res of [
      await call('GET', `/portal/${portalToken}/fee-proposals/${id}`),
      await call('POST', `/portal/${portalToken}/fee-proposals/${id}/accept`, {
        payload: {},
        proof,
      }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(M.revoked);
      expect(res.body).not.toContain('Baner');
    }
  });
});
