import { ApiError, call, streamApiFile } from '~/utils/api.server';
import { isId } from '../../server/contract/http';
import { fillPath } from '../../server/contract/operation';
import { memberOperations as members, type CreateMemberBody, type Member, type UpdateMemberBody } from '../../server/contract/workspace-members';
import { PHOTO_SIZES, PROJECT_LIST, workspaceProjectOperations as ops, type ProjectPhoto, type WorkspaceProject } from '../../server/contract/workspace-projects';

/**
 * The web's calls to the workspace projects and members api, each by its declaration
 * (server/contract/workspace-projects.ts, workspace-members.ts; docs/decisions/370). A project's photo urls become the web's own resource route, which
 * streams the private photo with the visitor's session (the browser never holds the api token).
 */

/** A project as the web pages see it: the photo as web paths. */
export type WebProject = Omit<WorkspaceProject, 'photo'> & { photo: ProjectPhoto | null };

/** `/api/projects/{id}/photo?size=…&v=…` → `/workspace/project/photo/{id}?size=…&v=…`. */
export function webPhotoPath(apiPath: string): string {
  const url = new URL(apiPath, 'http://api.invalid');
  const match = /^\/api\/projects\/([0-9a-f]{24})\/photo$/.exec(url.pathname);
  if (!match) throw new Error(`not a project photo path: ${apiPath}`);
  return `/workspace/project/photo/${match[1]}${url.search}`;
}

function toWebProject(project: WorkspaceProject): WebProject {
  const photo = project.photo && { w480: webPhotoPath(project.photo.w480), w960: webPhotoPath(project.photo.w960), w1600: webPhotoPath(project.photo.w1600) };
  return { ...project, photo };
}

/** Every project the visitor may see, newest first: the task board's and the group chat's pickers. */
export async function listProjects(request: Request): Promise<{ projects: WebProject[]; canManage: boolean }> {
  const reply = await call(request, ops.list, {});
  return { projects: reply.data.map(toWebProject), canManage: reply.canManage };
}

/** One page of the project list (docs/decisions/203), searched by name or client name, and how many there are. */
export async function projectsPage(
  request: Request,
  query: { page: number; search: string },
): Promise<{ projects: WebProject[]; canManage: boolean; count: number; pageSize: number }> {
  const params = { page: query.page, limit: PROJECT_LIST.pageSize, ...(query.search ? { search: query.search } : {}) };
  const reply = await call(request, ops.list, { query: params });
  return { projects: reply.data.map(toWebProject), canManage: reply.canManage, count: reply.count ?? reply.data.length, pageSize: reply.limit ?? PROJECT_LIST.pageSize };
}

export async function getProject(request: Request, id: string): Promise<WebProject> {
  return toWebProject((await call(request, ops.get, { params: { id } })).data);
}

/** A photo kept for a form sent back (decision 217): its id for the form's `photoDraft`, and where its uploader sees it. */
export type PhotoDraft = { id: string; preview: string };

export const photoDraftPath = (id: string) => `/workspace/project/photo-draft/${id}`;

/** Stores the chosen photo until the form that carries it is saved. */
export async function keepProjectPhoto(request: Request, photo: File): Promise<PhotoDraft> {
  const body = new FormData();
  body.append('profileImage', photo, photo.name);
  const { id } = (await call(request, ops.keepPhoto, { body })).data;
  return { id, preview: photoDraftPath(id) };
}

/** The spec's multipart form (fields and the photo `profileImage`, or a kept `photoDraft`). */
export async function createProject(request: Request, form: FormData): Promise<WebProject> {
  return toWebProject((await call(request, ops.create, { body: form })).data);
}

export async function updateProject(request: Request, id: string, form: FormData): Promise<WebProject> {
  return toWebProject((await call(request, ops.update, { params: { id }, body: form })).data);
}

export async function deleteProject(request: Request, id: string): Promise<void> {
  await call(request, ops.delete, { params: { id } });
}

export async function listMembers(request: Request, projectId: string): Promise<Member[]> {
  return (await call(request, members.list, { params: { projectId } })).data.members;
}

export async function createMember(request: Request, body: CreateMemberBody): Promise<Member> {
  return (await call(request, members.create, { json: body })).data;
}

export async function updateMember(request: Request, id: string, body: UpdateMemberBody): Promise<Member> {
  return (await call(request, members.update, { params: { id }, json: body })).data;
}

export async function deleteMember(request: Request, id: string): Promise<void> {
  await call(request, members.delete, { params: { id } });
}

const plain = (status: number, message: string) => new Response(message, { status, headers: { 'cache-control': 'no-store', 'content-type': 'text/plain' } });

/**
 * A project's photo streamed from the api with the session's token. Anything but a well-formed
 * request for a photo the visitor may see is a plain 404 (an image request has no page to show).
 */
export async function projectPhotoResponse(request: Request, projectId: string): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const size = search.get('size') ?? '960';
  const version = search.get('v');
  if (!isId(projectId) || !(PHOTO_SIZES as readonly string[]).includes(size) || (version !== null && !/^[0-9a-f]{1,64}$/.test(version))) {
    return plain(404, 'Not found');
  }
  const query = new URLSearchParams({ size, ...(version ? { v: version } : {}) });
  return privatePhotoResponse(request, `${fillPath(ops.photo.path, { id: projectId })}?${query}`);
}

/** A kept photo's preview (decision 217), to its uploader alone. */
export async function photoDraftResponse(request: Request, draftId: string): Promise<Response> {
  return isId(draftId) ? privatePhotoResponse(request, fillPath(ops.photoDraft.path, { id: draftId })) : plain(404, 'Not found');
}

async function privatePhotoResponse(request: Request, apiPath: string): Promise<Response> {
  try {
    return await streamApiFile(request, apiPath);
  } catch (error) {
    if (error instanceof ApiError) return error.status === 503 ? plain(503, 'The service is unavailable') : plain(404, 'Not found');
    throw error;
  }
}
