import { toJSONSchema, z } from 'zod/v4';
import { isBinary, isDeclaredType, isMultipart, pathParamNames, type BinaryReply, type MultipartBody, type Operation } from '../contract/operation.js';

/**
 * A route's options from its declaration (docs/decisions/370): method, url and the schemas
 * Fastify validates and serializes with, typed precisely so the handler's request and reply are
 * the declaration's. A route plugin spreads it: `app.route({ ...routeOf(leads.list), handler })`.
 * Every api route is registered this way (docs/decisions/394: the contract test fails for one that is not).
 *
 * The declaration goes with the route (`config.operation`): its scope is checked where the route
 * is registered (server/auth/scopes.ts), the OpenAPI document reads its content types
 * (documentTransform), and the test api checks every reply against it (tests/helpers/test-api.ts).
 */

/** The replies as Fastify's response schemas: a binary one is any payload (sent as it is, never serialized). */
type JsonReplies<R> = { [S in keyof R]: R[S] extends BinaryReply ? z.ZodUnknown : R[S] };
type JsonBody<B> = B extends MultipartBody ? undefined : B;

export function routeOf<const O extends Operation>(op: O) {
  const names = pathParamNames(op.path);
  const keys = Object.keys(op.params?.shape ?? {});
  if (names.join() !== keys.join()) throw new Error(`${op.method} ${op.path}: path parameters ${names.join() || 'none'} but params ${keys.join() || 'none'}`);
  const response = Object.fromEntries(Object.entries(op.replies).map(([status, reply]) => [status, isBinary(reply) ? z.unknown().describe(reply.contentType) : reply])) as JsonReplies<O['replies']>;
  const body = (op.body && !isMultipart(op.body) ? op.body : undefined) as JsonBody<O['body']>;
  return {
    method: op.method,
    url: op.path,
    config: { operation: op as Operation },
    // Absent parts are left out, not undefined: Fastify warns of a schema key without a schema.
    schema: defined({ tags: [...op.tags], summary: op.summary, params: op.params, querystring: op.query, body, response }) as {
      tags: string[];
      summary: string;
      params: O['params'];
      querystring: O['query'];
      body: JsonBody<O['body']>;
      response: JsonReplies<O['replies']>;
    },
  };
}

const defined = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (routeOf); none for an undeclared route. */
    operation?: Operation;
  }
}

type JsonSchema = Record<string, unknown>;
type OpenApiResponse = { description?: string; content?: Record<string, { schema: JsonSchema }> } & JsonSchema;

/**
 * What @fastify/swagger writes for a declared operation beyond its JSON schemas: a binary reply
 * under its own content type, a multipart body with its parts, and a JSON body marked required.
 * `toJsonSchema` turns a zod schema into the document's JSON schema (the type provider's transform).
 */
export function documentOperation(
  op: Operation,
  schema: { body?: unknown; response?: unknown },
  toJsonSchema: (zod: z.ZodType, io: 'input' | 'output') => JsonSchema,
): { body?: unknown; response?: unknown } {
  const response: Record<string, OpenApiResponse> = { ...(schema.response as Record<string, OpenApiResponse>) };
  for (const [status, reply] of Object.entries(op.replies)) {
    if (isBinary(reply)) response[status] = { description: 'Binary content', content: { [reply.contentType]: { schema: { type: 'string', format: 'binary' } } } };
  }
  let body = schema.body;
  if (op.body && isMultipart(op.body)) {
    body = { content: { 'multipart/form-data': { schema: toJsonSchema(op.body.multipart, 'input') } }, required: true };
  }
  return { ...schema, body, response };
}

/** A zod schema as the document's JSON schema (a multipart body's parts). */
export const toDocumentSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...json } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
};

type Document = { paths?: Record<string, Record<string, { requestBody?: { required?: boolean } }>> };

/** Marks every request body of the document required: the api refuses a call without its body. */
export function requireBodies<D>(document: D): D {
  for (const methods of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(methods)) if (operation.requestBody) operation.requestBody.required = true;
  }
  return document;
}

/**
 * What is wrong with an answer of a declared operation, if anything: a status it does not declare
 * (nor its scope), a content type other than the declared one, or a JSON body its schema for that
 * status refuses. The test api fails the call on it (tests/helpers/test-api.ts), so the document
 * cannot drift from what the handlers send (docs/decisions/370).
 */
export function replyViolation(route: { config?: { operation?: Operation }; schema?: { response?: unknown } }, status: number, contentType: string | undefined, payload: unknown): string | undefined {
  const op = route.config?.operation;
  if (!op) return undefined;
  const where = `${op.method} ${op.path} answered ${status}`;
  const declared = op.replies[status];
  const json = (route.schema?.response as Record<string, z.ZodType> | undefined)?.[status];
  if (declared === undefined && json === undefined) return `${where}, a status it does not declare`;
  if (declared !== undefined && isBinary(declared)) {
    return isDeclaredType(declared, contentType) ? undefined : `${where} as ${contentType ?? 'nothing'}, declared ${declared.contentType}`;
  }
  if (status === 204) return undefined;
  if (!contentType?.startsWith('application/json')) return `${where} as ${contentType ?? 'nothing'}, declared application/json`;
  if (typeof payload !== 'string' || !json) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return `${where} with a body that is not JSON`;
  }
  const checked = json.safeParse(body);
  return checked.success ? undefined : `${where} with a body its declaration refuses: ${checked.error.message}`;
}
