import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { REQUEST_ID_HEADER, requestIdFrom } from './contract/request-id.js';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  type FastifyPluginAsyncZod,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { BODY_LIMITS } from './body-limits.js';
import { redactUrl } from './contract/log-redaction.js';
import { registerErrorHandling, safeValidatorCompiler } from './errors.js';
import { registerLoadShedding, skipCallsWhoseCallerLeft } from './load-shedding.js';
import { guardMultipartParser } from './services/multipart-guard.js';
import { documentOperation, replyViolation, requireBodies, toDocumentSchema } from './routes/declared.js';
import { decorateSession, inScope, SCOPES, type Scope } from './auth/scopes.js';
import { uploadsRoutes } from './routes/uploads/index.js';
import { adminLoginRoutes, adminRoutes } from './routes/admin/index.js';
import { firmRegistrationRoutes } from './routes/users/firm-registration.js';
import { socialLoginRoutes } from './routes/users/social-login.js';
import { usersPublicRoutes, usersRoutes } from './routes/users/index.js';
import { employeeConfirmationRoutes } from './routes/employees/confirmation.js';
import { addressConfirmationRoutes } from './routes/users/address-confirmation.js';
import { emailChangeRoutes } from './routes/users/email-change.js';
import { portfolioRoutes } from './routes/projects/portfolio/index.js';
import { showcaseRoutes } from './routes/projects/explore/index.js';
import { profileImageRoutes, profileRoutes } from './routes/users/profile.js';
import { directoryRoutes } from './routes/users/directory.js';
import { healthRoutes } from './routes/health/index.js';
import { workspaceFileRoutes } from './routes/projects/files/index.js';
import { workspaceFolderRoutes } from './routes/projects/folder/index.js';
import { workspaceMemberRoutes } from './routes/projects/members/index.js';
import { workspaceProjectRoutes } from './routes/projects/index.js';
import { scheduleRoutes } from './routes/projects/schedules/index.js';
import { addressBookRoutes } from './routes/contacts/index.js';
import { workspaceChatRoutes } from './routes/chat/index.js';
import { settingsRoutes } from './routes/users/settings.js';
import { userSessionRoutes } from './routes/users/sessions.js';
import { enquiryRoutes } from './routes/firms/enquiries.js';
import { firmContactRoutes } from './routes/firms/contact.js';
import { previewRoutes } from './routes/previews/index.js';
import { sitemapRoutes } from './routes/sitemaps/index.js';
import { storageRoutes } from './routes/workspace/storage.js';
import { leadRoutes } from './routes/leads/index.js';
import { employeeRoutes } from './routes/employees/index.js';
import { taskRoutes } from './routes/tasks/index.js';
import { calendarFeedRoutes, calendarRoutes } from './routes/calendar/index.js';
import { summaryRoutes } from './routes/projects/summary/index.js';
import { shareRoutes } from './routes/share/index.js';
import { shareLinkRoutes } from './routes/projects/share-links.js';
import { summaryPrintRoutes } from './routes/projects/schedules/print.js';
import { financialRoutes } from './routes/projects/financial/index.js';
import { libraryRoutes } from './routes/projects/library/index.js';
import { workspacePlanRoutes } from './routes/workspace/plan.js';
import { adminAreaRoutes } from './routes/admin/areas.js';
import { adminBillingRoutes } from './routes/admin/billing.js';
import { adminTeamRoutes } from './routes/admin/team.js';
import { proposalRoutes } from './routes/proposals/schedule.js';
import { purchaseOrderRoutes } from './routes/purchase-orders/index.js';
import { billingProfileRoutes } from './routes/billing/profile.js';
import { firmTimeZoneRoutes } from './routes/firm/time-zone.js';
import { clientBoardDecisionRoutes } from './routes/client-board/decisions.js';
import { accountingExportRoutes } from './routes/accounting-exports/index.js';
import { invoiceRoutes } from './routes/invoices/invoices.js';
import { invoiceLifecycleRoutes } from './routes/invoices/lifecycle.js';
import { invoicePrintRoutes } from './routes/invoices/print.js';
import { KEEP_ALIVE_TIMEOUT_MS } from './contract/drain-rules.js';
import { tdsRoutes } from './routes/tds/index.js';
import { feeRoutes } from './routes/fees/index.js';
import { timeRoutes } from './routes/time/index.js';
import { expenseRoutes } from './routes/expenses/index.js';
import { resultRoutes } from './routes/results/index.js';
import { feeLetterRoutes } from './routes/fees/letter.js';
import { feeProposalRoutes } from './routes/fees/proposals.js';
import { portalFeeProposalRoutes } from './routes/portal/fee-proposals.js';
import { portalClientRoutes } from './routes/portal/client.js';
import { portalFirmRoutes } from './routes/portal/firm.js';
import { reviewClientRoutes } from './routes/reviews/client.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { firmReviewRoutes } from './routes/firms/reviews.js';
import { adminReviewRoutes } from './routes/admin/reviews.js';

/** Every api route plugin, by the scope that decides who may call it (docs/decisions/070). */
export const ROUTES: Record<Scope, readonly FastifyPluginAsyncZod[]> = {
  public: [healthRoutes, usersPublicRoutes, socialLoginRoutes, adminLoginRoutes, calendarFeedRoutes, shareRoutes, employeeConfirmationRoutes, addressConfirmationRoutes, previewRoutes, sitemapRoutes, reviewClientRoutes, portalClientRoutes, portalFeeProposalRoutes],
  visitor: [showcaseRoutes, directoryRoutes, enquiryRoutes, firmContactRoutes, firmReviewRoutes],
  signedIn: [usersRoutes, emailChangeRoutes, profileImageRoutes, firmRegistrationRoutes, settingsRoutes, userSessionRoutes],
  firm: [portfolioRoutes, profileRoutes],
  workspace: [workspaceProjectRoutes, workspaceMemberRoutes, workspaceFolderRoutes, workspaceFileRoutes, scheduleRoutes, summaryRoutes, employeeRoutes, taskRoutes, calendarRoutes, leadRoutes, shareLinkRoutes, clientBoardDecisionRoutes, summaryPrintRoutes, financialRoutes, libraryRoutes, addressBookRoutes, workspaceChatRoutes, workspacePlanRoutes, storageRoutes, billingProfileRoutes, firmTimeZoneRoutes, invoiceRoutes, invoiceLifecycleRoutes, invoicePrintRoutes, tdsRoutes, proposalRoutes, purchaseOrderRoutes, accountingExportRoutes, feeRoutes, reviewRoutes, timeRoutes, expenseRoutes, portalFirmRoutes, resultRoutes, feeLetterRoutes, feeProposalRoutes],
  admin: [adminRoutes, adminAreaRoutes, adminBillingRoutes, adminTeamRoutes, adminReviewRoutes],
};

export type BuildOptions = {
  logger?: FastifyBaseLogger;
  /** More route plugins by scope (tests register probes this way). */
  extraRoutes?: Partial<Record<Scope, readonly FastifyPluginAsyncZod[]>>;
  /** Told of every answer of a declared operation that breaks its declaration (the test api fails the call). */
  onReplyViolation?: (requestId: string, violation: string) => void;
};

/**
 * One line per request (method, url, status, ms) at info in production and at debug otherwise, so
 * a development console keeps its start banner and demo logins readable
 * (docs/decisions/135). LOG_LEVEL decides what shows; 5xx errors are logged apart, with their stack.
 * Secrets in the url (share and iCal tokens) are redacted (docs/decisions/245).
 */
function requestLog(app: FastifyInstance, nodeEnv: string) {
  const level = nodeEnv === 'production' ? 'info' : 'debug';
  // Pino's level values: debug 20, info 30.
  if ((app.log as FastifyBaseLogger & { levelVal?: number }).levelVal! > (level === 'info' ? 30 : 20)) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log[level]({ method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
}

/** One registered api route: its method, its path as Fastify reads it, its scope, and whether it is a declared operation (docs/decisions/370). */
export type RegisteredRoute = { method: string; url: string; scope: Scope | undefined; declared: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the api registered (HEAD twins left out): what tests/route-table.test.ts checks. */
    routeTable(): RegisteredRoute[];
  }
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Fastify's two lines per request (and its 4xx lines with stacks) give way to requestLog below.
    disableRequestLogging: true,
    // The id the proxy and the web gave the request (or a new one) on every log line it causes.
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    requestIdLogLabel: 'requestId',
    // X-Forwarded-For counts only from the listed peers (the web, the reverse proxy): anyone else's
    // header is ignored and request.ip is the socket's address.
    trustProxy: ctx.config.TRUST_PROXY.length ? ctx.config.TRUST_PROXY : false,
    // JSON bodies are small; the few routes that take more say so (server/body-limits.ts).
    // Multipart uploads have their own limits (@fastify/multipart below).
    bodyLimit: BODY_LIMITS.json,
    // The spec's ids and paths are case-sensitive; reject absurd urls early.
    maxParamLength: 200,
    // Shorter than Fastify's 72 s: the web and the proxy close idle connections first (docs/decisions/380).
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // The options object is kept, not copied: the scope's own onRoute hook (declareScope) runs after
  // this one and writes the scope into it.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorate('routeTable', () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, scope: route.config?.scope, declared: route.config?.operation !== undefined })),
    ),
  );
  decorateSession(app);
  // Held event streams would keep the server from closing: ended first.
  app.addHook('preClose', async () => {
    await ctx.chatHub.close();
  });
  app.addHook('onClose', async () => {
    await ctx.background.idle();
    await ctx.limiter.close();
  });
  registerErrorHandling(app);
  // The request id answered too, so a client can find the lines of its request in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Right after: a call shed for load costs no session lookup and no body (docs/decisions/350).
  await registerLoadShedding(app, ctx.config);
  skipCallsWhoseCallerLeft(app);
  if (options.logger) requestLog(app, ctx.config.NODE_ENV);
  // Any write that went through may change what explore or the directory show, or who a session
  // is (signed out, deactivated, a new role): both caches start over, before the answer leaves, so
  // the caller's next call cannot find the old state.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      ctx.publicCache.clear();
      ctx.sessions.clear();
    }
    return payload;
  });

  const { onReplyViolation } = options;
  if (onReplyViolation) {
    app.addHook('onSend', async (request, reply, payload) => {
      const violation = replyViolation(request.routeOptions, reply.statusCode, reply.getHeader('content-type')?.toString(), payload);
      if (violation) onReplyViolation(request.id, violation);
      return payload;
    });
  }

  guardMultipartParser();
  // Defaults; every upload sets its own limits per kind (server/files/upload-kinds.ts).
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 100, fields: 50, fieldSize: 100_000 } });
  await app.register(uploadsRoutes);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Architects platform api', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Declared operations add what the type provider's transform cannot say (docs/decisions/370):
    // binary replies under their content type (their errors as JSON), multipart bodies with their
    // parts. Every api route is declared (docs/decisions/394); the document's own pages are not.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const op = input.route.config?.operation;
      return { ...transformed, schema: op ? documentOperation(op, transformed.schema, toDocumentSchema) : transformed.schema };
    },
    // Every body the api reads is required: a call without one is refused with 400.
    transformObject: (document) => requireBodies('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const scope of SCOPES) {
        await api.register(inScope(scope, [...ROUTES[scope], ...(options.extraRoutes?.[scope] ?? [])]));
      }
    },
    { prefix: '/api' },
  );

  return app;
}
