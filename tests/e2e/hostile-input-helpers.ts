import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createCookieSessionStorage } from '@remix-run/node';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/db/connection';
import { newId } from '../../server/db/ids';
import { createFirm, createPublicProject, createWorkspaceProject, createMember } from '../../server/seed/factories';
import { createFolder, createProjectFile } from '../../server/seed/file-factories';
import { createLead } from '../../server/seed/leads';
import { createContact } from '../../server/seed/chat-book';
import { createSession } from '../../server/queries/sessions';
import { createLocalStorage } from '../../server/services/storage/local';
import { toSessionUser, type AccountLike } from '../../app/utils/session-user';
import { E2E } from './env';
import { DEMO } from './fixtures';

/**
 * The hostile-input sweep's tools (tests/e2e/hostile-input.spec.ts): the web routes of the built
 * manifest with their parameters, intents and form fields; the firms, cookies and rows it posts
 * as; one plain HTTP request; a small pool of parallel work.
 */

export type Role = 'visitor' | 'explorer' | 'firm' | 'admin';
export const ROLES: Role[] = ['visitor', 'explorer', 'firm', 'admin'];

export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasLoader: boolean; hasAction: boolean };

export type Kind =
  | 'publicProject'
  | 'firm'
  | 'workspaceProject'
  | 'folder'
  | 'file'
  | 'taskFile'
  | 'chatAttachment'
  | 'libraryImage'
  | 'scheduleImage'
  | 'document'
  | 'shareToken'
  | 'photoDraft'
  | 'lead'
  | 'contact'
  | 'invoice'
  | 'payment'
  | 'purchaseOrder'
  | 'splat';

/** The kind of row a path parameter names, by route and parameter; then by the parameter alone. */
export const PARAM_KINDS: Record<string, Kind> = {
  'routes/explore.$id:id': 'publicProject',
  'routes/admin.document.$id:id': 'document',
  'routes/portfolio.add-project.($projectId):projectId': 'publicProject',
  'routes/portfolio.edit-project.$projectId:projectId': 'publicProject',
  'routes/resources.schedule-images.$projectId.$imageId:imageId': 'scheduleImage',
  'routes/resources.library-images.$imageId:imageId': 'libraryImage',
  'routes/workspace.taskboard.file.$fileId:fileId': 'taskFile',
  'routes/workspace.project.file.$fileId:fileId': 'file',
  'routes/workspace.project.photo-draft.$draftId:draftId': 'photoDraft',
  'routes/resources.enquiry-token.$firmId:firmId': 'firm',
  'routes/resources.firm-contact.$firmId:firmId': 'firm',
  // A sitemap file's name (docs/decisions/387): pages.xml, projects.xml or firms.xml, anything else 404.
  'routes/sitemaps.$file:file': 'splat',
  // A fee proposal's id in a client portal (docs/decisions/421): only the portal's own answer; any other text is 404.
  'routes/portal.$token.fee-proposals.$proposalId._index:proposalId': 'splat',
  'routes/portal.$token.fee-proposals.$proposalId.pdf:proposalId': 'splat',
  // A file shared in a client portal (docs/decisions/422): another firm's file id is 404 there.
  'routes/portal.$token.files.$fileId:fileId': 'file',
};
export const KIND_OF_PARAM: Record<string, Kind> = {
  userId: 'firm',
  projectId: 'workspaceProject',
  folderId: 'folder',
  attachmentId: 'chatAttachment',
  invoiceId: 'invoice',
  contactId: 'contact',
  paymentId: 'payment',
  orderId: 'purchaseOrder',
  token: 'shareToken',
  '*': 'splat',
};
/** Rows anyone may see: another firm's id there is not a leak (a portfolio project's page is read-only to others). */
export const PUBLIC_PARAMS = new Set([
  'routes/explore.$id:id',
  'routes/firms.$userId:userId',
  'routes/portfolio.edit-project.$projectId:projectId',
  // Any signed-in visitor may ask for any firm's enquiry form token (decision 274).
  'routes/resources.enquiry-token.$firmId:firmId',
  // A listed firm's public contact details, limited per address (docs/decisions/386).
  'routes/resources.firm-contact.$firmId:firmId',
  'routes/sitemaps.$file:file',
]);
/** Kinds made for the other firm with a marker in their text, usable as ids in forms. */
export const FORM_ID_KINDS: Kind[] = ['workspaceProject', 'folder', 'file', 'lead', 'contact', 'publicProject'];

export const LONG = 'x'.repeat(10 * 1024);
export const STACK = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/)/;

// ---------------------------------------------------------------------------------------------
// routes and their source

export function manifestRoutes(): ManifestRoute[] {
  const dir = 'public/build';
  const file = fs.readdirSync(dir).find((name) => /^manifest-[\w]+\.js$/.test(name));
  if (!file) throw new Error('public/build has no manifest: run `npm run build` first');
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  // `window.__remixManifest = {…}`: a script of the browser build, run in a sandbox of its own.
  const sandbox = { window: {} as { __remixManifest?: { routes: Record<string, ManifestRoute> } } };
  vm.runInNewContext(text, sandbox);
  return Object.values(sandbox.window.__remixManifest!.routes);
}

export function fullPath(route: ManifestRoute, byId: Map<string, ManifestRoute>): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) if (r.path) parts.unshift(r.path);
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

/** The text of a route's module: its file, or every file of its folder. */
export function routeSource(id: string): string {
  const base = path.join('app', id);
  const files: string[] = [];
  for (const ext of ['.tsx', '.ts']) if (fs.existsSync(base + ext)) files.push(base + ext);
  if (fs.existsSync(base) && fs.statSync(base).isDirectory()) {
    for (const name of fs.readdirSync(base)) if (/\.tsx?$/.test(name) && !/\.test\./.test(name)) files.push(path.join(base, name));
  }
  return files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
}

export const unique = (values: Iterable<string>) => [...new Set(values)];
export const all = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[1]!);

export function queryParams(source: string): string[] {
  return unique(['page', 'tab', 'dialog', 'search', 'id', ...all(/searchParams\.(?:get|getAll|has)\(\s*['"]([\w.-]+)['"]/g, source)]);
}

/** Intents a route knows: its dispatchIntent table, its comparisons, its forms' intent buttons. */
export function intents(source: string, html: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/dispatchIntent(?:<[^>]*>)?\([^{]*\{([\s\S]*?)\n\s*\}\)/g)) found.push(...all(/\n\s*['"]?([a-zA-Z][\w-]*)['"]?\s*(?::|\()/g, match[1]!));
  found.push(...all(/intent\s*===\s*['"]([\w-]+)['"]/g, source), ...all(/case\s+['"]([\w-]+)['"]\s*:/g, source));
  found.push(...all(/name="intent"\s+value="([\w-]+)"/g, source + html), ...all(/value="([\w-]+)"\s+name="intent"/g, html));
  return unique(found).filter((i) => !['async', 'await', 'return', 'const', 'formData', 'form'].includes(i));
}

export function formFields(source: string, html: string): string[] {
  const names = [
    ...all(/<(?:input|select|textarea|button)\b[^>]*?\bname="([^"]+)"/g, html),
    ...all(/\bname="([\w.[\]-]+)"/g, source),
    ...all(/formData\.(?:get|getAll)\(\s*['"]([\w.[\]-]+)['"]/g, source),
    ...all(/form\.(?:get|getAll)\(\s*['"]([\w.[\]-]+)['"]/g, source),
  ];
  return unique(names).filter((n) => n !== 'intent' && !n.startsWith('__') && n.length < 60).slice(0, 40);
}

// ---------------------------------------------------------------------------------------------
// data and sessions

export const userStorage = createCookieSessionStorage({ cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [E2E.sessionSecret] } });
export const adminStorage = createCookieSessionStorage({ cookie: { name: '__admin', httpOnly: true, sameSite: 'lax', path: '/admin', secrets: [E2E.sessionSecret] } });

export type Ids = Partial<Record<Kind, string>>;

export async function firstId(db: DatabaseHandle['db'], query: ReturnType<typeof sql>): Promise<string | undefined> {
  const result = (await db.execute(query)) as unknown as { rows?: Array<{ id: string }> } | Array<{ id: string }>;
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows[0]?.id;
}

/** A firm with a row of every kind it can have cheaply; `marker` is in every private text. */
export async function makeFirm(database: Pick<DatabaseHandle, 'db'>, marker: string): Promise<{ id: string; ids: Ids }> {
  const db = database.db;
  const storage = createLocalStorage({ publicDir: path.join(E2E.dataDir, 'uploads'), privateDir: path.join(E2E.dataDir, 'private') });
  const firm = await createFirm(db, { firmName: `Sweep Firm ${newId().slice(0, 6)}` });
  const project = await createWorkspaceProject(db, firm.id, { projectName: `Project ${marker}`, clientName: `Client ${marker}` });
  await createMember(db, project.id, { name: `Member ${marker}` });
  const folder = await createFolder(db, project.id, { folderName: `Folder ${marker}` });
  const file = await createProjectFile({ db, storage }, folder, { fileName: `file-${marker}.txt`, data: Buffer.from(`secret ${marker}\n`) });
  const lead = await createLead(db, firm.id, { name: `Lead ${marker}`, message: `Message ${marker}` });
  const contact = await createContact(db, firm.id, { name: `Contact ${marker}` });
  // With its pictures, as a firm publishes one: the explore journey counts the pictures on page 1.
  const publicProject = await createPublicProject({ db, storage }, firm.id, { projectName: `Showcase ${newId().slice(0, 6)}` });
  return {
    id: firm.id,
    ids: { firm: firm.id, workspaceProject: project.id, folder: folder.id, file: file.id, lead: lead.id, contact: contact.id, publicProject: publicProject.id },
  };
}

export async function userCookie(db: DatabaseHandle['db'], userId: string): Promise<string> {
  const { token } = await createSession(db, userId, { remember: false });
  const me = await fetch(`${E2E.apiURL}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200) throw new Error(`/users/me answered ${me.status}`);
  const session = await userStorage.getSession();
  session.set('token', token);
  session.set('user', toSessionUser(((await me.json()) as { data: AccountLike }).data));
  session.set('remember', false);
  return (await userStorage.commitSession(session)).split(';')[0]!;
}

export async function adminCookie(db: DatabaseHandle['db'], adminId: string): Promise<string> {
  const { token } = await createSession(db, adminId, { remember: false, kind: 'admin' });
  const session = await adminStorage.getSession();
  session.set('token', token);
  session.set('email', DEMO.admin);
  return (await adminStorage.commitSession(session)).split(';')[0]!;
}

// ---------------------------------------------------------------------------------------------
// requests

export type Answer = { status: number; body: string; location: string | null };

export async function send(url: string, init: { method?: string; cookie?: string; form?: Array<[string, string]>; origin?: string }): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    const headers: Record<string, string> = {};
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.method === 'POST') {
      headers.origin = init.origin ?? E2E.baseURL;
      headers['sec-fetch-site'] = init.origin ? 'cross-site' : 'same-origin';
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form ?? []).toString();
    }
    const res = await fetch(E2E.baseURL + url, { method: init.method ?? 'GET', headers, body, redirect: 'manual', signal: controller.signal }).catch((error: Error) => {
      // An answer a client cannot read (headers over Node's 16 KB) is a failure of its own.
      const cause = (error.cause as Error | undefined)?.message ?? error.message;
      return { status: 599, headers: new Headers(), body: null, text: async () => `unreadable answer: ${cause}` } as unknown as Response;
    });
    // A live stream (Group Chat's events) never ends: its headers are the answer.
    const text = (res.headers.get('content-type') ?? '').includes('event-stream') ? (await res.body?.cancel(), '') : await res.text();
    return { status: res.status, body: text, location: res.headers.get('location') };
  } finally {
    clearTimeout(timer);
  }
}

export async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
