import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { describeBytes } from './body-limits.js';
import { STALE_CODE, VERSION_MESSAGES, type ErrorReply, type StaleFields } from './contract/http.js';

/** An error the api answers with its own status and message (DESIGN.md section 4 error shape). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: ErrorReply['details'],
    /** A machine-readable kind of failure (ErrorReply.code), for clients that branch on it. */
    public readonly code?: string,
    /** Extra answer headers, such as a 429's Retry-After. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorReply['details']) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: ErrorReply['details']) => new HttpError(409, message, details);

/**
 * A change that named an older version than the record's (docs/decisions/320): 409 with the record
 * as it now is, who changed it and when (the route's `StaleReply`), so the client keeps what its
 * person typed and shows the current values beside it.
 */
export class StaleError extends HttpError {
  constructor(
    public readonly stale: StaleFields,
    message: string = VERSION_MESSAGES.stale,
  ) {
    super(409, message, [{ path: 'version', message }], STALE_CODE);
  }
}
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
/** 429 with Retry-After, in whole seconds (at least 1). */
export const tooManyRequests = (retryAfterMs: number, message = TOO_MANY_ATTEMPTS) =>
  new HttpError(429, message, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
export const serviceUnavailable = (message = 'The service is unavailable. Please try again in a moment.') => new HttpError(503, message);

export const INVALID_BODY_MESSAGE = 'The request has a value of the wrong kind';

/**
 * fastify-type-provider-zod's validator, made safe against zod itself throwing on a hostile value:
 * zod 4's length checks format an object's `length` (`{"newPassword": {"length": {"toString": 0}}}`
 * throws "Cannot convert object to primitive value"). Such a request is the client's fault: a 400,
 * never a 500.
 */
export const safeValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return { error: Object.assign(new Error(INVALID_BODY_MESSAGE), { statusCode: 400 }) };
    }
  };
};

function describeClientError(error: FastifyError, request: FastifyRequest): string {
  // The JSON parser's own text ("Unexpected token } in JSON at position 12") means nothing to a
  // person and tells an attacker which parser runs; its errors are SyntaxErrors with a 400 status.
  if (error instanceof SyntaxError) return 'The request body is not valid JSON';
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions.bodyLimit;
      return limit ? `The request body is too large (at most ${describeBytes(limit)})` : 'The request body is too large';
    }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length';
    default:
      return error.message;
  }
}

/**
 * PostgreSQL refuses some text the JSON parser and the zod schemas accept (a NUL character, for one):
 * that is the client's input, not the server's failure, so it answers 400 like any invalid value.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** The PostgreSQL error code (SQLSTATE) of a database failure, looked for through its causes (drizzle wraps them). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the write (SQLSTATE 23505): usually a race two requests ran at once. */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorReply & Partial<StaleFields> = { message: error.message };
      if (error.code) body.code = error.code;
      if (error.details?.length) body.details = error.details;
      if (error instanceof StaleError) Object.assign(body, error.stale);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: details[0]?.message ?? 'Invalid request', details });
    }
    if (error.validation) {
      return reply.status(400).send({ message: error.message });
    }
    if (UNSTORABLE_TEXT_CODES.has(databaseErrorCode(error) ?? '')) {
      return reply.status(400).send({ message: 'The request contains characters that cannot be stored (such as a NUL character)' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: describeClientError(error, request) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
  // The path is echoed only in part: a visitor's 10 KB id would come back whole in every client's message.
  app.setNotFoundHandler((request, reply) => {
    const route = request.url.split('?')[0]!;
    reply.status(404).send({ message: `No route ${request.method} ${route.length > 120 ? `${route.slice(0, 119)}…` : route}` });
  });
}
