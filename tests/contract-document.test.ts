import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../server/contract/operation';
import { createSession } from '../server/queries/sessions';
import { createFirm, createUser } from '../server/seed/factories';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';

/**
 * The published OpenAPI document against the server (docs/decisions/370), with no network: every
 * operation of the document is walked. Bodies that break the declared schema are refused with 400;
 * bodies generated from a declared operation's schema are answered only with statuses the document
 * declares (the test api fails any answer of a declared operation that breaks its declaration).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};
type DocOperation = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
};
type Walked = { method: string; path: string; route: string; op: DocOperation };

let api: TestApi;
let operations: Walked[];
let tokens: Record<Scope, string | undefined>;
let scopeOf: Map<string, Scope | undefined>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** A walk of every operation (some 270, several calls each) has more time than one call's test on a shared machine. */
const WALK_TIMEOUT_MS = 180_000;
/** `/api/leads/{id}` as the route table names it: `/api/leads/:id`. */
/** The document's `{name}` as Fastify's `:name`, and its `{*}` (a wildcard's rest) as `*`. */
const routePath = (path: string) => path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
/** A path with every parameter filled by an id no record has. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0000000000000000000000');

beforeAll(async () => {
  api = await createTestApi();
  const doc = api.app.swagger() as { paths: Record<string, Partial<Record<(typeof METHODS)[number], DocOperation>>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    METHODS.filter((m) => methods[m]).map((method) => ({ method: method.toUpperCase(), path, route: `${method.toUpperCase()} ${routePath(path)}`, op: methods[method]! })),
  );
  scopeOf = new Map(api.app.routeTable().map((r) => [`${r.method} ${r.url}`, r.scope]));
  firmId = (await createFirm(api.db)).id;
  adminId = (await createUser(api.db, { isSuperAdmin: true })).id;
  await freshTokens();
});

let firmId: string;
let adminId: string;
/**
 * New sessions for the callers: an operation may end the one it is called with (sign-out, "sign
 * out everywhere else", a password change), and every call after it would answer 401, declared
 * but testing nothing. The walks take new ones before each operation.
 */
async function freshTokens() {
  const firmToken = (await createSession(api.db, firmId, { remember: false })).token;
  tokens = {
    public: undefined,
    visitor: undefined,
    signedIn: firmToken,
    firm: firmToken,
    workspace: firmToken,
    admin: (await createSession(api.db, adminId, { remember: false, kind: 'admin' })).token,
  };
}
afterAll(() => api.close());

/** A call of a walked operation as the caller its scope needs. */
function send(walked: Walked, payload: unknown, query?: Record<string, string>) {
  const scope = scopeOf.get(walked.route);
  const token = scope ? tokens[scope] : undefined;
  return api.app.inject({ method: walked.method as 'GET', url: concrete(walked.path), query, headers: { ...(token ? bearer(token) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload: payload as string });
}

/**
 * An `allOf` of objects (what zod writes for a body and its `version`, docs/decisions/320) as the
 * one object it describes: the properties and the required names of every part.
 */
function flattened(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.allOf) return schema;
  const parts = schema.allOf.map(flattened);
  if (!parts.every((part) => part?.type === 'object' || part?.properties)) return schema;
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part!.properties ?? {})),
    required: [...new Set(parts.flatMap((part) => part!.required ?? []))],
  };
}
const jsonBodySchema = (op: DocOperation) => flattened(op.requestBody?.content?.['application/json']?.schema);
const isObjectSchema = (schema: JsonSchema | undefined) => schema?.type === 'object' || schema?.properties !== undefined;

describe('the OpenAPI document', () => {
  it('covers every registered api route', () => {
    const documented = new Set(operations.map((o) => o.route));
    const missing = api.app
      .routeTable()
      .filter((r) => r.scope !== undefined && !documented.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('registers every api route from its declaration, with no exception', () => {
    // docs/decisions/370: a route written by hand (`app.get(path, { schema }, handler)`) has no
    // declaration for the web to call it by, nor for the reply check to hold it to.
    const byHand = api.app
      .routeTable()
      .filter((r) => r.scope !== undefined && !r.declared)
      .map((r) => `${r.method} ${r.url}`);
    expect(byHand).toEqual([]);
  });

  it('marks every request body required', () => {
    expect(operations.filter((o) => o.op.requestBody && o.op.requestBody.required !== true).map((o) => o.route)).toEqual([]);
  });

  it('documents a declared upload as a required multipart/form-data body with its parts', () => {
    const uploads = operations.filter((o) => o.op.requestBody?.content?.['multipart/form-data']);
    const loose = uploads.filter((o) => o.op.requestBody?.required !== true || !Object.keys(o.op.requestBody.content?.['multipart/form-data']?.schema?.properties ?? {}).length);
    expect(loose.map((o) => o.route)).toEqual([]);
    const parts = (route: string) => operations.find((o) => o.route === route)?.op.requestBody?.content?.['multipart/form-data']?.schema;
    expect(parts('POST /api/tasks')?.required).toEqual(expect.arrayContaining(['projectId', 'employees', 'description']));
    expect(parts('POST /api/tasks')?.properties?.files).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(parts('POST /api/tasks/file-drafts')?.required).toEqual(['files']);
    expect(Object.keys(parts('POST /api/tasks/:id/submit')?.properties ?? {})).toEqual(['note', 'files']);
    expect(Object.keys(parts('POST /api/projects/:projectId/chat')?.properties ?? {})).toEqual(['body', 'files']);
    expect(parts('POST /api/users/project/upload-file')?.required).toEqual(['projectId', 'folderId', 'files']);
    expect(parts('POST /api/projects')?.properties?.projecttype?.enum).toContain('interior-residential');
    expect(parts('PUT /api/projects/:id')?.required).toContain('version');
    expect(parts('POST /api/projects/schedules/upload-file')?.required).toEqual(['files']);
    expect(parts('POST /api/users/profile-image')?.required).toEqual(['file']);
  });

  it('lists the values and formats the server enforces on the fields the issue named', () => {
    /** A property of an operation's JSON body (or query parameter `?name`), by its path of names. */
    const field = (route: string, ...names: string[]): JsonSchema | undefined => {
      const op = operations.find((o) => o.route === route)?.op;
      if (names[0]?.startsWith('?')) return op?.parameters?.find((p) => p.in === 'query' && p.name === names[0]!.slice(1))?.schema;
      let schema = op ? jsonBodySchema(op) : undefined;
      for (const name of names) schema = schema?.properties?.[name] ?? schema?.anyOf?.find((s) => s.properties?.[name])?.properties?.[name];
      return schema;
    };
    expect(field('POST /api/projects/public-project', 'projectType')?.enum).toContain('interior-residential');
    expect(field('PUT /api/users/update-profile/:id', 'firmType')?.enum?.length).toBeGreaterThan(1);
    expect(field('POST /api/employees', 'designation')?.enum).toContain('Other');
    expect(field('PUT /api/billing/profile', 'itemTaxes', 'product', 'rateBp')?.enum).toEqual([0, 10, 25, 150, 300, 500, 1200, 1800, 2800, 4000]);
    expect(field('PUT /api/billing/profile', 'invoicePrefix')?.pattern).toBe('^[A-Za-z0-9]{1,5}$');
    expect(field('PUT /api/firm/time-zone', 'timeZone')?.pattern).toBeDefined();
    expect(field('POST /api/projects/schedules/:scheduleId/share-links', 'expiresInDays')?.enum?.length).toBeGreaterThan(1);
    expect(field('GET /api/projects/library/images/:imageId', '?size')?.enum).toEqual([480, 960, 1600]);
    expect(field('POST /api/users/user-firm', 'contactNo')?.pattern).toBeDefined();
    expect(field('POST /api/users/user-firm', 'firmName')?.maxLength).toBe(120);
    const phone = new RegExp(field('POST /api/users/user-firm', 'contactNo')!.pattern!);
    expect(['98765 43210', '(987) 654-3210', '9876543210'].every((n) => phone.test(n))).toBe(true);
    expect(['98765', '98765432100', '9876x43210'].some((n) => phone.test(n))).toBe(false);
    // Days are YYYY-MM-DD (docs/decisions/393): a payment's, a payment note's, an expense's, time's, an export's range.
    const days = [
      field('POST /api/invoices/:id/payments', 'paidOn'),
      field('POST /api/portal/:token/invoices/:invoiceId/payment-notes', 'paidOn'),
      field('POST /api/time/:projectId/entries', 'workDate'),
      field('POST /api/timesheets/approve', 'week'),
      field('GET /api/timesheets', '?week'),
      field('GET /api/accounting-exports/tally', '?from'),
      field('POST /api/expenses/:projectId', 'spentOn'),
      field('PUT /api/admin/firms/:id/subscription', 'paidUntil'),
    ];
    expect(days.map((schema) => schema?.format)).toEqual(days.map(() => 'date'));
    // Name lengths.
    expect(field('POST /api/users/register', 'userName')?.maxLength).toBe(80);
    expect(field('POST /api/projects/schedules/:scheduleId/share-links', 'clientName')?.maxLength).toBe(120);
    // The share link's days and an approval link's image sizes, exactly.
    expect(field('POST /api/projects/schedules/:scheduleId/share-links', 'expiresInDays')?.enum).toEqual([3, 7, 14, 30, 60, 90]);
    expect(field('GET /api/share/:token/images/:imageId', '?size')?.enum).toEqual([480, 960, 1600]);
  });

  it('bounds every string a body or a query takes: a length, a list, a pattern or a format', () => {
    // A string the document leaves open is one whose rule lives only in a refinement (docs/decisions/376).
    const open: string[] = [];
    const walk = (where: string, schema: JsonSchema | undefined) => {
      if (!schema) return;
      for (const part of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) walk(where, part);
      const bounded = schema.maxLength !== undefined || schema.enum !== undefined || schema.pattern !== undefined || schema.format !== undefined;
      if ([schema.type].flat().includes('string') && !bounded) open.push(where);
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(`${where}.${name}`, property);
      walk(`${where}[]`, schema.items);
    };
    for (const { route, op } of operations) {
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) walk(`${route} ${type}`, content.schema);
      for (const parameter of op.parameters ?? []) if (parameter.in === 'query') walk(`${route} ?${parameter.name}`, parameter.schema);
    }
    expect(open).toEqual([]);
  });

  it('declares the answers the issue found undocumented, with their content types', () => {
    const response = (route: string, status: number) => Object.keys(operations.find((o) => o.route === route)?.op.responses?.[String(status)]?.content ?? {});
    // The iCal feed of an unknown, renewed or revoked token: 404 as JSON; the feed itself text/calendar.
    expect(response('GET /api/calendar/feed/:file', 200)).toEqual(['text/calendar']);
    expect(response('GET /api/calendar/feed/:file', 404)).toEqual(['application/json']);
    // A chat edit past the api's JSON limit.
    expect(response('PATCH /api/projects/:projectId/chat/:messageId', 413)).toEqual(['application/json']);
    // An approval link's image: WebP, its refusals JSON.
    expect(response('GET /api/share/:token/images/:imageId', 200)).toEqual(['image/webp']);
    for (const status of [404, 410, 416, 429]) expect(response('GET /api/share/:token/images/:imageId', status)).toEqual(['application/json']);
  });

  it('gives every answer but 204 a content type', () => {
    const bare = operations.flatMap((o) =>
      Object.entries(o.op.responses ?? {})
        .filter(([status, response]) => status !== '204' && Object.keys(response.content ?? {}).length === 0)
        .map(([status]) => `${o.route} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('documents the errors of a binary operation as JSON', () => {
    const wrong = operations.flatMap((o) =>
      Object.entries(o.op.responses ?? {})
        .filter(([status, response]) => Number(status) >= 400 && Object.keys(response.content ?? {}).some((type) => type !== 'application/json'))
        .map(([status, response]) => `${o.route} ${status} as ${Object.keys(response.content ?? {}).join()}`),
    );
    expect(wrong).toEqual([]);
  });

  it('refuses with 400 every JSON body that is not the object its schema asks for', async () => {
    const failures: string[] = [];
    for (const walked of operations.filter((o) => isObjectSchema(jsonBodySchema(o.op)))) {
      await freshTokens();
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.array(fc.integer(), { maxLength: 3 }), fc.integer(), fc.constant(null), fc.boolean()), async (body) => {
          const res = await send(walked, JSON.stringify(body), undefined);
          if (res.statusCode !== 400) failures.push(`${walked.route} answered ${res.statusCode} to ${JSON.stringify(body)}`);
        }),
        { numRuns: 4 },
      );
    }
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT_MS);

  it('refuses with 400 a JSON body without a property its schema requires', async () => {
    const failures: string[] = [];
    for (const walked of operations) {
      const schema = jsonBodySchema(walked.op);
      if (!schema?.required?.length) continue;
      const res = await send(walked, JSON.stringify({}), undefined);
      if (res.statusCode !== 400) failures.push(`${walked.route} answered ${res.statusCode} to {}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Uploads whose multipart body the document does not describe yet: each answers 415 when called
 * as documented. The list only shrinks: an upload declared with its parts (`{ multipart }`,
 * docs/decisions/370) leaves it, and a new undocumented one fails the test.
 */
const UNDOCUMENTED_UPLOADS: string[] = [];

describe('operations without a documented body', () => {
  it('take none: called as documented, only the known uploads answer 415', async () => {
    const firm = await createFirm(api.db);
    const answers415: string[] = [];
    for (const walked of operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method) && !o.op.requestBody)) {
      // A fresh session for each: some of these end the session they are called with (logout).
      const token = (await createSession(api.db, firm.id, { remember: false })).token;
      const scope = scopeOf.get(walked.route);
      const admin = scope === 'admin' ? tokens.admin : undefined;
      const res = await api.app.inject({ method: walked.method as 'POST', url: concrete(walked.path), headers: scope === 'public' || scope === 'visitor' ? {} : bearer(admin ?? token) });
      if (res.statusCode === 415) answers415.push(walked.route);
    }
    expect(answers415.filter((route) => !UNDOCUMENTED_UPLOADS.includes(route)), 'bodies read but not documented').toEqual([]);
    expect([...answers415].sort(), 'every one of the list still answers 415').toEqual([...UNDOCUMENTED_UPLOADS].sort());
    const documented = operations.filter((o) => UNDOCUMENTED_UPLOADS.includes(o.route) && o.op.requestBody).map((o) => o.route);
    expect(documented, 'documented now: leave the list').toEqual([]);
  });
});

/** Values a JSON schema of the document accepts (the subset zod writes: no `$ref`s inside bodies). */
function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.allOf) schema = flattened(schema)!;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(arbitraryOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress({ size: 'small' }).filter((e) => e.length <= (schema.maxLength ?? 200));
      // A day between 2000 and 2099 (a handler may still refuse one outside its own range, with a declared status).
      if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.string(), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const arbitraries = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property)]));
      return fc.record(arbitraries, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.anything();
  }
}

describe('declared operations', () => {
  it('answer bodies generated from their declared schemas only with a declared status', async () => {
    const declared = api.app
      .routeTable()
      .filter((r) => r.declared)
      .map((r) => `${r.method} ${r.url}`);
    expect(declared.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const walked of operations.filter((o) => declared.includes(o.route))) {
      await freshTokens();
      const body = jsonBodySchema(walked.op);
      const query = walked.op.parameters?.filter((p) => p.in === 'query') ?? [];
      const queryArbitrary = fc.record(Object.fromEntries(query.map((p) => [p.name, arbitraryOf(p.schema ?? {}).map(String)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) });
      await fc.assert(
        fc.asyncProperty(body ? arbitraryOf(body) : fc.constant(undefined), queryArbitrary, async (payload, params) => {
          // An answer outside the declaration fails inside inject (tests/helpers/test-api.ts).
          const res = await send(walked, payload === undefined ? undefined : JSON.stringify(payload), params as Record<string, string>);
          const statuses = Object.keys(walked.op.responses ?? {});
          if (!statuses.includes(String(res.statusCode))) failures.push(`${walked.route} answered ${res.statusCode}`);
          // A declared 503 is the scope's "busy" answer, never a failure of the handler.
          if (res.statusCode >= 500) failures.push(`${walked.route} answered ${res.statusCode} to ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`);
          // A refusal says why: the message names the rule (docs/decisions/068).
          if (res.statusCode >= 400 && !(JSON.parse(res.body || '{}') as { message?: string }).message) failures.push(`${walked.route} answered ${res.statusCode} without a message`);
        }),
        { numRuns: 10 },
      );
    }
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT_MS);
});

/** A value of another JSON type than `schema` allows: what a body that breaks the schema sends for one property. */
function wrongValueOf(schema: JsonSchema): unknown[] | undefined {
  if (schema.anyOf || schema.type === undefined) return undefined;
  const types = new Set([schema.type].flat());
  const candidates: unknown[] = [];
  if (!types.has('string')) candidates.push('not what the schema says');
  if (!types.has('integer') && !types.has('number')) candidates.push(12345);
  if (!types.has('boolean')) candidates.push(true);
  if (!types.has('object')) candidates.push({ unexpected: 1 });
  if (!types.has('array')) candidates.push(['x']);
  // An enum of strings refuses any other string.
  if (schema.enum && types.has('string')) candidates.push('__none_of_the_enum__');
  return candidates.length ? candidates : undefined;
}

describe('declared operations, bodies that break the schema', () => {
  it('refuse with 400 a body whose one property has a value its schema does not allow', async () => {
    const declared = new Set(
      api.app
        .routeTable()
        .filter((r) => r.declared)
        .map((r) => `${r.method} ${r.url}`),
    );
    const failures: string[] = [];
    let tried = 0;
    for (const walked of operations.filter((o) => declared.has(o.route))) {
      const body = jsonBodySchema(walked.op);
      const properties = Object.entries(body?.properties ?? {}).flatMap(([name, schema]) => {
        const wrong = wrongValueOf(schema);
        return wrong ? [{ name, wrong }] : [];
      });
      if (!body || !properties.length) continue;
      tried++;
      await freshTokens();
      const broken = fc.constantFrom(...properties).chain(({ name, wrong }) => fc.tuple(arbitraryOf(body), fc.constant(name), fc.constantFrom(...wrong)));
      await fc.assert(
        fc.asyncProperty(broken, async ([valid, name, wrong]) => {
          const payload = { ...(valid as Record<string, unknown>), [name]: wrong };
          const res = await send(walked, JSON.stringify(payload), undefined);
          if (res.statusCode !== 400) failures.push(`${walked.route} answered ${res.statusCode} to ${name}: ${JSON.stringify(wrong)}`);
        }),
        { numRuns: 3 },
      );
    }
    expect(tried).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT_MS);
});
