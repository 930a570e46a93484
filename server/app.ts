import Fastify, { type FastifyBaseLogger } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import type { AppContext } from './context.js';
import { registerErrorHandling } from './errors.js';
import { guardMultipartParser } from './services/multipart-guard.js';
import { uploadsRoutes } from './routes/uploads.js';
import { adminRoutes } from './routes/admin.js';
import { firmRegistrationRoutes } from './routes/firm-registration.js';
import { socialLoginRoutes } from './routes/social-login.js';
import { usersRoutes } from './routes/users.js';
import { projectsRoutes } from './routes/projects.js';
import { profileRoutes } from './routes/profile.js';
import { directoryRoutes } from './routes/directory.js';

export async function buildApp(ctx: AppContext, options: { logger?: FastifyBaseLogger } = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: ctx.config.TRUST_PROXY ? 'loopback,uniquelocal' : false,
    bodyLimit: 1024 * 1024,
    // The spec's ids and paths are case-sensitive; reject absurd urls early.
    maxParamLength: 200,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
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
      api.get(
        '/health',
        { schema: { tags: ['health'], response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } } },
        async (_request, reply) => {
          try {
            await ctx.db.execute(sql`select 1`);
            return { status: 'ok' };
          } catch {
            return reply.status(503).send({ status: 'database unavailable' });
          }
        },
      );
      await api.register(usersRoutes);
      await api.register(socialLoginRoutes);
      await api.register(projectsRoutes);
      await api.register(profileRoutes);
      await api.register(directoryRoutes);
      await api.register(firmRegistrationRoutes);
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );

  return app;
}
