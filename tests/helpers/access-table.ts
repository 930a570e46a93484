import { afterAll, beforeAll, expect } from 'vitest';
import type { projects } from '../../server/db/schema';
import { createEmployee, createFirm, createMember, createUser, createWorkspaceProject } from '../../server/seed/factories';
import { createSession } from '../../server/queries/sessions';
import type { UserRow } from '../../server/queries/users';
import { ROUTE_ACCESS } from './route-access';
import { routeKeyOf } from './route-pattern';
import { bearer, createTestApi, multipart, type MultipartPart, type TestApi } from './test-api';

/**
 * The table-driven access test of the workspace (DESIGN.md section 9, docs/decisions/070): every
 * endpoint is called as each of seven callers and must answer what the access model says:
 *
 * | caller                       | work (on a project) | manage (on a project) | firmWork | firmManage | firmObjectManage |
 * |------------------------------|---------------------|-----------------------|----------|------------|------------|
 * | nobody (no token)            | 401                 | 401                   | 401      | 401        | 401        |
 * | explorer                     | 403                 | 403                   | 403      | 403        | 403        |
 * | foreign firm                 | 404                 | 404                   | allowed  | allowed    | 404        |
 * | plain employee, not a member | 404                 | 404                   | allowed  | 403        | 403        |
 * | member employee              | allowed             | 403                   | allowed  | 403        | 403        |
 * | sub-admin                    | allowed             | allowed               | allowed  | allowed    | allowed    |
 * | the firm                     | allowed             | allowed               | allowed  | allowed    | allowed    |
 *
 * `work` and `manage` name a project of the firm (or something in it); `firmWork` and
 * `firmManage` name none and act on the caller's own firm (list projects, create a project), so a
 * foreign firm is allowed there: it acts on its own firm.
 *
 * `firmObjectWork` and `firmObjectManage` name an object of the firm outside any project (a
 * contact of the Address Book): as `firmWork` and `firmManage`, except that a foreign firm gets 404
 * (it is not its object). A lead of the demand box is a `firmObjectManage` object.
 */

export const ACCESS_ROLES = ['nobody', 'explorer', 'foreignFirm', 'employee', 'member', 'subAdmin', 'firm'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
export type AccessKind = 'work' | 'manage' | 'firmWork' | 'firmManage' | 'firmObjectWork' | 'firmObjectManage';
export type Expected = 'allowed' | 401 | 403 | 404;

const TABLE: Record<AccessKind, Record<AccessRole, Expected>> = {
  work: { nobody: 401, explorer: 403, foreignFirm: 404, employee: 404, member: 'allowed', subAdmin: 'allowed', firm: 'allowed' },
  manage: { nobody: 401, explorer: 403, foreignFirm: 404, employee: 404, member: 403, subAdmin: 'allowed', firm: 'allowed' },
  firmWork: { nobody: 401, explorer: 403, foreignFirm: 'allowed', employee: 'allowed', member: 'allowed', subAdmin: 'allowed', firm: 'allowed' },
  firmManage: { nobody: 401, explorer: 403, foreignFirm: 'allowed', employee: 403, member: 403, subAdmin: 'allowed', firm: 'allowed' },
  firmObjectWork: { nobody: 401, explorer: 403, foreignFirm: 404, employee: 'allowed', member: 'allowed', subAdmin: 'allowed', firm: 'allowed' },
  firmObjectManage: { nobody: 401, explorer: 403, foreignFirm: 404, employee: 403, member: 403, subAdmin: 'allowed', firm: 'allowed' },
};

export function expectedAccess(kind: AccessKind, role: AccessRole): Expected {
  return TABLE[kind][role];
}

type ProjectRow = typeof projects.$inferSelect;

/** The firm, its employees, an explorer and another firm, with a session token for each. */
export type AccessWorld = {
  api: TestApi;
  users: Record<Exclude<AccessRole, 'nobody'>, UserRow>;
  tokens: Record<Exclude<AccessRole, 'nobody'>, string>;
  /** A new workspace project of the firm whose members list holds the member employee's email. */
  project(): Promise<ProjectRow>;
};

export async function createAccessWorld(api: TestApi): Promise<AccessWorld> {
  const { db } = api;
  const firm = await createFirm(db, { firmName: 'Access Studio' });
  const foreignFirm = await createFirm(db, { firmName: 'Other Studio' });
  const users = {
    firm,
    foreignFirm,
    explorer: await createUser(db, { role: 'explorer' }),
    subAdmin: await createEmployee(db, firm.id, { isSubAdmin: true, userName: 'Sub Admin' }),
    member: await createEmployee(db, firm.id, { userName: 'Member Employee' }),
    employee: await createEmployee(db, firm.id, { userName: 'Plain Employee' }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([role, user]) => [role, (await createSession(db, user.id, { remember: false })).token])),
  ) as AccessWorld['tokens'];
  return {
    api,
    users,
    tokens,
    async project() {
      const project = await createWorkspaceProject(db, firm.id);
      // The email as a person typed it: access matches it case-insensitively.
      await createMember(db, project.id, { name: users.member.userName, email: users.member.email.toUpperCase() });
      return project;
    },
  };
}

export type AccessContext = {
  world: AccessWorld;
  role: AccessRole;
  /** A fresh project of the firm for this one call (a DELETE as one caller leaves the others theirs). */
  project: ProjectRow;
  /** What `setup` returned (ids of the schedule, folder, file… the call names). */
  data: Record<string, string>;
};

export type AccessEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  kind: AccessKind;
  /** A label for the test name; by default the method and the url of the first call. */
  name?: string;
  /** Creates what the call names inside `project` (directly in the database, as the firm would). */
  setup?: (ctx: Omit<AccessContext, 'data'>) => Promise<Record<string, string>>;
  url: (ctx: AccessContext) => string;
  /** A JSON body. */
  body?: (ctx: AccessContext) => unknown;
  /** A multipart body (uploads). */
  multipart?: (ctx: AccessContext) => MultipartPart[];
  /** What an allowed call answers (default: any 2xx). */
  allowed?: number[];
  /** Exceptions to the table for this endpoint, with the reason in a comment beside them. */
  expect?: Partial<Record<AccessRole, Expected>>;
};

/** Calls `endpoint` as `role` with fresh data, and answers the status with the reply body. */
export async function callAs(world: AccessWorld, endpoint: AccessEndpoint, role: AccessRole) {
  const project = await world.project();
  const data = (await endpoint.setup?.({ world, role, project })) ?? {};
  const ctx: AccessContext = { world, role, project, data };
  const auth = role === 'nobody' ? {} : bearer(world.tokens[role]);
  const url = endpoint.url(ctx);
  if (endpoint.multipart) {
    const body = await multipart(endpoint.multipart(ctx));
    return world.api.app.inject({ method: endpoint.method, url, payload: body.payload, headers: { ...body.headers, ...auth } });
  }
  const json = endpoint.body?.(ctx);
  return world.api.app.inject({ method: endpoint.method, url, headers: auth, ...(json === undefined ? {} : { payload: json as object }) });
}

/** The endpoint's url with placeholders (`/api/projects/{projectId}`) for test names. */
function urlTemplate(endpoint: AccessEndpoint): string {
  const data = new Proxy({}, { get: (_target, key) => `{${String(key)}}` }) as Record<string, string>;
  try {
    return endpoint.url({ world: undefined as never, role: 'firm', project: { id: '{projectId}' } as ProjectRow, data });
  } catch {
    return `(${endpoint.kind})`;
  }
}

/** Every (endpoint, role) pair with a readable name, for `it.each`. */
export function accessCases(endpoints: AccessEndpoint[]): Array<[string, AccessEndpoint, AccessRole]> {
  return endpoints.flatMap((endpoint) =>
    ACCESS_ROLES.map((role): [string, AccessEndpoint, AccessRole] => {
      const expected = endpoint.expect?.[role] ?? expectedAccess(endpoint.kind, role);
      const label = endpoint.name ?? `${endpoint.method} ${urlTemplate(endpoint)}`;
      return [`${label} as ${role}: ${expected}`, endpoint, role];
    }),
  );
}

/** Calls the endpoint as `role` and checks the answer against the table (or the endpoint's exception). */
export async function expectAccess(world: AccessWorld, endpoint: AccessEndpoint, role: AccessRole) {
  const expected = endpoint.expect?.[role] ?? expectedAccess(endpoint.kind, role);
  const res = await callAs(world, endpoint, role);
  // The endpoint's kind is the route's row of the access table of every route (a test's own probe
  // routes have none; a real route without a row fails tests/route-table.test.ts).
  const route = routeKeyOf(world.api.app, endpoint.method, res.raw.req.url!);
  if (route && route in ROUTE_ACCESS) expect(ROUTE_ACCESS[route], `${route} in tests/helpers/route-access.ts`).toBe(endpoint.kind);
  const what = `${endpoint.method} ${res.raw.req.url} as ${role} answered ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (expected === 'allowed') {
    const ok = endpoint.allowed ? endpoint.allowed.includes(res.statusCode) : res.statusCode >= 200 && res.statusCode < 300;
    expect(ok, what).toBe(true);
  } else {
    expect(res.statusCode, what).toBe(expected);
    // Every refusal is the api's error shape, with a message a person can read.
    expect(typeof res.json().message, what).toBe('string');
  }
  return res;
}

/**
 * The access world of one test file: a fresh api on the file's own database and the seven callers,
 * made before the file's tests and closed after them. Read `access.api` and `access.world` inside
 * tests and setups (they are set once `beforeAll` has run).
 */
export function useAccessWorld(): { readonly api: TestApi; readonly world: AccessWorld } {
  const access = {} as { api: TestApi; world: AccessWorld };
  beforeAll(async () => {
    access.api = await createTestApi();
    access.world = await createAccessWorld(access.api);
  });
  afterAll(async () => access.api?.close());
  return access;
}
