import Fastify, { type FastifyBaseLogger } from 'fastify';
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
import { registerErrorHandling, safeValidatorCompiler } from './errors.js';
import { guardMultipartParser } from './services/multipart-guard.js';
import { decorateSession, inScope, SCOPES, type Scope } from './auth/scopes.js';
import { uploadsRoutes } from './routes/uploads.js';
import { adminLoginRoutes, adminRoutes } from './routes/admin.js';
import { firmRegistrationRoutes } from './routes/firm-registration.js';
import { socialLoginRoutes } from './routes/social-login.js';
import { usersPublicRoutes, usersRoutes } from './routes/users.js';
import { emailChangeRoutes } from './routes/email-change.js';
import { portfolioRoutes } from './routes/portfolio.js';
import { showcaseRoutes } from './routes/showcase.js';
import { profileImageRoutes, profileRoutes } from './routes/profile.js';
import { directoryRoutes } from './routes/directory.js';
import { healthRoutes } from './routes/health.js';
import { workspaceFileRoutes } from './routes/workspace-files.js';
import { workspaceFolderRoutes } from './routes/workspace-folders.js';
import { workspaceMemberRoutes } from './routes/workspace-members.js';
import { workspaceProjectRoutes } from './routes/workspace-projects.js';
import { scheduleRoutes } from './routes/workspace-schedules.js';

/** Every api route plugin, by the scope that decides who may call it (docs/decisions/070). */
export const ROUTES: Record<Scope, readonly FastifyPluginAsyncZod[]> = {
  public: [healthRoutes, usersPublicRoutes, socialLoginRoutes, adminLoginRoutes],
  visitor: [showcaseRoutes, directoryRoutes],
  signedIn: [usersRoutes, emailChangeRoutes, profileImageRoutes, firmRegistrationRoutes],
  firm: [portfolioRoutes, profileRoutes],
  workspace: [workspaceProjectRoutes, workspaceMemberRoutes, workspaceFolderRoutes, workspaceFileRoutes, scheduleRoutes],
  admin: [adminRoutes],
};

export type BuildOptions = {
  logger?: FastifyBaseLogger;
  /** More route plugins by scope (tests register probes this way). */
  extraRoutes?: Partial<Record<Scope, readonly FastifyPluginAsyncZod[]>>;
};

export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // X-Forwarded-For counts only from the listed peers (the web, the reverse proxy): anyone else's
    // header is ignored and request.ip is the socket's address.
    trustProxy: ctx.config.TRUST_PROXY.length ? ctx.config.TRUST_PROXY : false,
    // JSON bodies are small; the few routes that take more say so (server/body-limits.ts).
    // Multipart uploads have their own limits (@fastify/multipart below).
    bodyLimit: BODY_LIMITS.json,
    // The spec's ids and paths are case-sensitive; reject absurd urls early.
    maxParamLength: 200,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  decorateSession(app);
  app.addHook('onClose', async () => {
    await ctx.background.idle();
    await ctx.limiter.close();
  });
  registerErrorHandling(app);

  guardMultipartParser();
  // Defaults; every upload sets its own limits per kind (server/files/upload-kinds.ts).
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 100, fields: 50, fieldSize: 100_000 } });
  await app.register(uploadsRoutes);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Architects platform api', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
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
