import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply } from '../contract/http.js';
import type { Scope } from '../contract/operation.js';
import { isFirmRole } from '../contract/vocabulary.js';
import { VIEWER_VERSION_HEADER, viewerVersion } from '../contract/viewer.js';
import { forbidden } from '../errors.js';
import { firmOf, WORKSPACE_ONLY } from './firm.js';
import type { SessionLookup } from '../queries/sessions.js';
import { ADMIN_ONLY, readSession, viewerOf, type Session } from './session.js';

/**
 * Where a route lives decides who may call it (docs/decisions/070). app.ts registers every route
 * plugin inside one scope, whose onRequest hook reads the bearer token before anything else (so a
 * caller without a token gets 401, and a wrong role 403, whatever body it sent):
 * - `public`: no session is read (sign-up, login, password reset, social and admin login, health);
 * - `visitor`: the public showcase; the session when a token is sent (401 if it is not valid), else none;
 * - `signedIn`: any signed-in account (401 without a valid user token);
 * - `firm`: firm accounts only (403 for anyone else): the portfolio and the firm profile;
 * - `workspace`: a firm and its employees (403 for anyone else); each call then checks the object
 *   it names with `requireProjectAccess`;
 * - `admin`: the super-admin with an admin-kind token.
 */
export type { Scope };
export const SCOPES: readonly Scope[] = ['public', 'visitor', 'signedIn', 'firm', 'workspace', 'admin'];

type SessionHook = (sessions: SessionLookup, request: FastifyRequest) => Promise<Session | null>;

const hooks: Record<Scope, SessionHook> = {
  public: async () => null,
  visitor: async (sessions, request) => (request.headers.authorization !== undefined ? readSession(sessions, request, 'user') : null),
  signedIn: (sessions, request) => readSession(sessions, request, 'user'),
  firm: async (sessions, request) => {
    const session = await readSession(sessions, request, 'user');
    if (!isFirmRole(session.user.role)) throw forbidden('Only firm accounts can do this');
    return session;
  },
  workspace: async (sessions, request) => {
    const session = await readSession(sessions, request, 'user');
    if (!firmOf(session.user)) throw forbidden(WORKSPACE_ONLY);
    return session;
  },
  admin: async (sessions, request) => {
    const session = await readSession(sessions, request, 'admin');
    if (!session.user.isSuperAdmin) throw forbidden(ADMIN_ONLY);
    return session;
  },
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the route's scope read: null in `public`, and in `visitor` without a token. */
    optionalSession: Session | null;
    /**
     * The session of a route in a scope that requires one (`signedIn`, `firm`, `workspace`,
     * `admin`). Reading it on a route of another scope is a programming error (500), never a pass.
     */
    readonly session: Session;
  }
}

/** Declares the request's session fields once, on the root instance (before any route). */
export function decorateSession(app: FastifyInstance) {
  app.decorateRequest('optionalSession', null);
  app.decorateRequest('session', {
    getter(this: FastifyRequest): Session {
      if (!this.optionalSession) throw new Error(`No session on ${this.method} ${this.routeOptions.url}: register the route in a signed-in scope`);
      return this.optionalSession;
    },
  });
}

/**
 * The error answers every route of a scope can give: 400 for a body or query its schema refuses,
 * 401 where a token is read, 403 where the scope refuses a role, and 503 "busy" when the api sheds
 * load (docs/decisions/350). A route lists only the others (404, 409, 413, 429…) it answers itself.
 */
const SCOPE_ERRORS: Record<Scope, readonly number[]> = {
  public: [400, 503],
  visitor: [400, 401, 503],
  signedIn: [400, 401, 503],
  firm: [400, 401, 403, 503],
  workspace: [400, 401, 403, 503],
  admin: [400, 401, 403, 503],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope the route was registered in (docs/decisions/070); the route table reads it. */
    scope?: Scope;
  }
}

/**
 * What a scope declares for each of its routes, so no route repeats it: the scope itself (the
 * route table), the bearer token in the OpenAPI document when the scope reads one, and the
 * scope's error answers.
 */
export function declareScope(route: RouteOptions, scope: Scope) {
  // A declared operation names its scope (docs/decisions/370): registered in another, the api does not start.
  const declared = route.config?.operation?.scope;
  if (declared !== undefined && declared !== scope) throw new Error(`${route.method} ${route.url} is declared in scope ${declared} but registered in ${scope}`);
  route.config = { ...route.config, scope };
  const schema = (route.schema ??= {}) as { security?: unknown; response?: Record<string, unknown>; hide?: boolean };
  if (scope !== 'public') schema.security ??= [{ bearer: [] }];
  const response = (schema.response ??= {});
  for (const status of SCOPE_ERRORS[scope]) {
    // A route that is never shed (the health checks) answers 503 only if it says so itself.
    if (status === 503 && route.config.pressureHandler) continue;
    response[status] ??= ErrorReply;
  }
}

/** A plugin registering `plugins` inside `scope`: its hook runs on every request of their routes. */
export function inScope(scope: Scope, plugins: readonly FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  const readScopeSession = hooks[scope];
  return async (app) => {
    const { sessions } = app.ctx;
    app.addHook('onRoute', (route) => declareScope(route, scope));
    app.addHook('onRequest', async (request, reply) => {
      const session = await readScopeSession(sessions, request);
      request.optionalSession = session;
      // The web refreshes its copy of the viewer when this differs from its own (docs/decisions/131).
      if (session?.kind === 'user') reply.header(VIEWER_VERSION_HEADER, viewerVersion(viewerOf(session)));
    });
    for (const plugin of plugins) await app.register(plugin);
  };
}
