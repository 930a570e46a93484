import type { z } from 'zod/v4';

/**
 * One declaration per api operation (docs/decisions/370): what the api registers its route from
 * (server/routes/declared.ts), what the web calls it by (app/utils/api.server.ts `call`), and what
 * the OpenAPI document says of it. Nothing here runs a request: it is data with precise types, so
 * a wrong path, a missing parameter or a changed reply fails the type check on both sides.
 */

/** Who may call an operation (server/auth/scopes.ts reads the session for each; docs/decisions/070). */
export type Scope = 'public' | 'visitor' | 'signedIn' | 'firm' | 'workspace' | 'admin';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A reply that is not JSON (a PDF, an image, a calendar): its content type, documented as binary. */
export type BinaryReply = { readonly contentType: string; readonly binary: true };

/** A reply by status: a zod schema (JSON), or a binary reply with its content type. */
export type Reply = z.ZodType | BinaryReply;

/** A multipart body: its parts, documented as `multipart/form-data` (the handler streams them). */
export type MultipartBody = { readonly multipart: z.ZodObject };

export type Operation = {
  readonly method: Method;
  /** Fastify's form, under `/api`: `/leads/:id`. Every `:name` is a key of `params`. */
  readonly path: string;
  /** The scope the route must be registered in (server/auth/scopes.ts, docs/decisions/070). */
  readonly scope: Scope;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** A JSON body (a zod schema) or a multipart one. */
  readonly body?: z.ZodType | MultipartBody;
  /** Every status the handler itself answers; the scope adds its own (400, 401, 403, 503). */
  readonly replies: Readonly<Record<number, Reply>>;
};

/** Declares an operation; the identity, so its literal types (method, path, schemas) are kept. */
export function operation<const O extends Operation>(declaration: O): O {
  return declaration;
}

/** A binary reply of `contentType` (its JSON errors are declared by their own statuses). */
export const binary = (contentType: string): BinaryReply => ({ contentType, binary: true });

/** The type of a stored file's bytes, sent back with the type it was kept with, whatever that is. */
export const ANY_TYPE = '*/*';

/** Whether an answer's content type is the one a binary reply declares (any, for ANY_TYPE). */
export const isDeclaredType = (reply: BinaryReply, contentType: string | undefined) => contentType !== undefined && (reply.contentType === ANY_TYPE || contentType.startsWith(reply.contentType));

/**
 * The declarer of an area whose operations share one scope and tags:
 * `const op = operationsOf('workspace', ['tasks'])`, then `op({ method, path, … })`.
 */
export const operationsOf =
  <const S extends Scope, const T extends readonly string[]>(scope: S, tags: T) =>
  <const O extends Omit<Operation, 'scope' | 'tags'>>(declaration: O) =>
    operation({ ...declaration, scope, tags } as const);

export const isBinary = (reply: Reply): reply is BinaryReply => 'binary' in reply && (reply as BinaryReply).binary === true;
export const isMultipart = (body: NonNullable<Operation['body']>): body is MultipartBody => 'multipart' in body;

/** The `:name` segments of a path, as a union of names (a trailing `*`, Fastify's rest of the path, is named `*`). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : P extends `${string}/*` ? '*' : never;

/** The path's parameter names, in order (a trailing `*` is Fastify's parameter `*`: the rest of the path). */
export function pathParamNames(path: string): string[] {
  return [...[...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!), ...(path.endsWith('/*') ? ['*'] : [])];
}

/** The path with its parameters filled in, each encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  if (!filled.endsWith('/*')) return filled;
  // The rest of the path keeps its slashes; each of its segments is encoded.
  const rest = params['*'];
  if (rest === undefined) throw new Error(`${path}: no value for *`);
  return `${filled.slice(0, -1)}${String(rest).split('/').map(encodeURIComponent).join('/')}`;
}

type Success = 200 | 201 | 202 | 204;
type SuccessReplies<O extends Operation> = { [S in keyof O['replies'] & Success]: O['replies'][S] }[keyof O['replies'] & Success];

/** What a successful call answers: the output of the 2xx reply schemas (a binary reply is a Response). */
export type ReplyOf<O extends Operation> = SuccessReplies<O> extends infer R ? (R extends z.ZodType ? z.output<R> : R extends BinaryReply ? Response : never) : never;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What the caller gives: the path parameters, the query and the JSON body, each only when declared. */
export type CallInput<O extends Operation> = (O['params'] extends z.ZodObject ? { params: InputOf<O['params']> } : { params?: never }) &
  (O['query'] extends z.ZodObject ? { query?: InputOf<O['query']> } : { query?: never }) &
  (O['body'] extends MultipartBody ? { body: BodyInit } : O['body'] extends z.ZodType ? { json: InputOf<O['body']> } : { json?: never });
