import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { createFirm } from '../../seed/factories';
import { createLead } from '../../seed/leads';
import { createSession } from '../../queries/sessions';

/**
 * Property: whatever a client sends to the enquiry and demand box endpoints (random JSON, half-right
 * bodies, nasty strings, odd ids and queries), the api never answers 5xx, and every error has the
 * JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let token: string;
let firmId: string;
let leadId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  firmId = firm.id;
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  leadId = (await createLead(api.db, firm.id)).id;
});
afterAll(() => api.close());

let address = 0;

/** A path or query part; a lone surrogate (which encodeURIComponent refuses) goes raw, as a broken client would send it. */
const enc = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

async function expectNo5xx(request: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: string; auth: boolean }) {
  address += 1;
  const res = await api.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: `10.9.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
    headers: { 'content-type': 'application/json', ...(request.auth ? bearer(token) : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\npayload: ${String(request.payload).slice(0, 1500)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '\r\n', 'a@b.c\r\nBcc: x@y.z', '__proto__', 'x'.repeat(12000), '😀'.repeat(700), 'a@example.test, b@example.test'),
);
const value = fc.oneof(nastyString, fc.integer(), fc.boolean(), fc.constant(null), fc.array(nastyString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 2 }));
const ENQUIRY_FIELDS = ['name', 'email', 'phone', 'projectType', 'message', 'projectId', 'website'];
const MESSAGE_FIELDS = ['to', 'cc', 'bcc', 'subject', 'message'];
const UPDATE_FIELDS = ['read', 'handled', 'archived'];
const body = (fields: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), value, { maxKeys: 8 }).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constantFrom('{', '[]', 'null', '"x"', '{"to":', '1e999')) },
  );
const id = fc.oneof(fc.constant(() => leadId), fc.constantFrom('', 'x', 'f'.repeat(24), '%00', '..%2F..', 'a'.repeat(64)).map((v) => () => v));

describe('the enquiry and demand box endpoints never answer 5xx', () => {
  it('POST /api/firms/{id}/enquiries with random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(() => firmId), id), body(ENQUIRY_FIELDS), async (target, payload) => {
        await expectNo5xx({ method: 'POST', url: `/api/firms/${enc(target())}/enquiries`, payload, auth: false });
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/leads/{id}/messages and PATCH /api/leads/{id} with random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(id, body(MESSAGE_FIELDS), body(UPDATE_FIELDS), async (lead, message, update) => {
        await expectNo5xx({ method: 'POST', url: `/api/leads/${enc(lead())}/messages`, payload: message, auth: true });
        await expectNo5xx({ method: 'PATCH', url: `/api/leads/${enc(lead())}`, payload: update, auth: true });
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/leads with random queries and GET /api/leads/{id} with odd ids', async () => {
    await fc.assert(
      fc.asyncProperty(nastyString, nastyString, id, async (page, view, lead) => {
        await expectNo5xx({ method: 'GET', url: `/api/leads?page=${enc(page)}&view=${enc(view)}`, auth: true });
        await expectNo5xx({ method: 'GET', url: `/api/leads/${enc(lead())}`, auth: true });
      }),
      { numRuns: RUNS },
    );
  });
});
