import { api, streamApiFile } from '~/utils/api.server';
import { isId } from '../../server/contract/http';
import type { AssigneesReply, BoardReply, Task, TaskColumn, TaskFileDraft, TaskFileDraftsReply, TaskMove, TaskReply } from '../../server/contract/tasks';

/**
 * The web's calls to the task board api (docs/decisions/111): the only place its paths are written.
 * A task file's api url becomes the web's own route, which streams it with the visitor's session.
 */

export const taskFileHref = (fileId: string) => `/workspace/taskboard/file/${fileId}`;

type WebFile = Omit<Task['files'][number], 'url'> & { href: string };
type WebTask = Omit<Task, 'files' | 'deliverables'> & { files: WebFile[]; deliverables: WebFile[] };
export type WebBoard = Record<TaskColumn, WebTask[]> & { doneTotal: number };

const toWebFiles = (files: Task['files']): WebFile[] => files.map(({ url: _url, ...file }) => ({ ...file, href: taskFileHref(file.id) }));
const toWebTask = (task: Task): WebTask => ({ ...task, files: toWebFiles(task.files), deliverables: toWebFiles(task.deliverables) });

/** The board with the newest `done` finished tasks (the api's default when absent). */
export async function getBoard(request: Request, done?: number): Promise<WebBoard> {
  const { data } = await api<BoardReply>(request, done ? `/tasks?done=${done}` : '/tasks');
  return { todo: data.todo.map(toWebTask), given: data.given.map(toWebTask), review: data.review.map(toWebTask), done: data.done.map(toWebTask), doneTotal: data.doneTotal };
}

export async function listAssignees(request: Request): Promise<AssigneesReply['data']> {
  return (await api<AssigneesReply>(request, '/tasks/assignees')).data;
}

/** POST /api/tasks with the Add Task form (fields and files) as multipart. */
/** POST /api/tasks/file-drafts: keeps the chosen files until the Add Task form that carries them is saved (decision 218). */
export async function keepTaskFiles(request: Request, files: File[]): Promise<TaskFileDraft[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return (await api<TaskFileDraftsReply>(request, '/tasks/file-drafts', { method: 'POST', body })).data;
}

export async function createTask(request: Request, form: FormData): Promise<Task> {
  return (await api<TaskReply>(request, '/tasks', { method: 'POST', body: form })).data;
}

export async function moveTask(request: Request, id: string, move: TaskMove, reason?: string): Promise<Task> {
  const path = `/tasks/${encodeURIComponent(id)}/${move}`;
  return (await api<TaskReply>(request, path, { method: 'POST', ...(move === 'reject' ? { json: { reason: reason ?? '' } } : {}) })).data;
}

/** POST /api/tasks/{id}/submit with the Submit form's note and files, as multipart. */
export async function submitTask(request: Request, id: string, note: string | undefined, files: File[]): Promise<Task> {
  const body = new FormData();
  if (note) body.append('note', note);
  for (const file of files) body.append('files', file, file.name);
  return (await api<TaskReply>(request, `/tasks/${encodeURIComponent(id)}/submit`, { method: 'POST', body })).data;
}

/** A task file's bytes (Range, Content-Disposition and nosniff passed through). */
export function streamTaskFile(request: Request, fileId: string): Promise<Response> {
  if (!isId(fileId)) return Promise.resolve(new Response('File not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }));
  return streamApiFile(request, `/tasks/files/${fileId}/content`);
}
