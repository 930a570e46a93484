import { call, streamApiFile } from '~/utils/api.server';
import { isId } from '../../server/contract/http';
import { fillPath } from '../../server/contract/operation';
import { taskOperations as ops } from '../../server/contract/tasks';
import type { AssigneesReply, Task, TaskColumn, TaskFileDraft, TaskMove } from '../../server/contract/tasks';

/**
 * The web's calls to the task board api (docs/decisions/111), each by its declaration
 * (server/contract/tasks.ts `taskOperations`, docs/decisions/370). A task file's api url becomes
 * the web's own route, which streams it with the visitor's session.
 */

export const taskFileHref = (fileId: string) => `/workspace/taskboard/file/${fileId}`;

type WebFile = Omit<Task['files'][number], 'url'> & { href: string };
type WebTask = Omit<Task, 'files' | 'deliverables'> & { files: WebFile[]; deliverables: WebFile[] };
export type WebBoard = Record<TaskColumn, WebTask[]> & { doneTotal: number };

const toWebFiles = (files: Task['files']): WebFile[] => files.map(({ url: _url, ...file }) => ({ ...file, href: taskFileHref(file.id) }));
const toWebTask = (task: Task): WebTask => ({ ...task, files: toWebFiles(task.files), deliverables: toWebFiles(task.deliverables) });

/** The board with the newest `done` finished tasks (the api's default when absent). */
export async function getBoard(request: Request, done?: number): Promise<WebBoard> {
  const { data } = await call(request, ops.board, { query: done ? { done } : {} });
  return { todo: data.todo.map(toWebTask), given: data.given.map(toWebTask), review: data.review.map(toWebTask), done: data.done.map(toWebTask), doneTotal: data.doneTotal };
}

export async function listAssignees(request: Request): Promise<AssigneesReply['data']> {
  return (await call(request, ops.assignees, {})).data;
}

/** Keeps the chosen files until the Add Task form that carries them is saved (decision 218). */
export async function keepTaskFiles(request: Request, files: File[]): Promise<TaskFileDraft[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return (await call(request, ops.keepFiles, { body })).data;
}

/** The Add Task form (fields and files) as multipart. */
export async function createTask(request: Request, form: FormData): Promise<Task> {
  return (await call(request, ops.create, { body: form })).data;
}

/** Approve, or reject with its reason (a Submit carries its note and files: submitTask). */
export async function moveTask(request: Request, id: string, move: Exclude<TaskMove, 'submit'>, reason?: string): Promise<Task> {
  const params = { id };
  return (move === 'reject' ? await call(request, ops.reject, { params, json: { reason: reason ?? '' } }) : await call(request, ops.approve, { params })).data;
}

/** Submit with the form's note and files, as multipart. */
export async function submitTask(request: Request, id: string, note: string | undefined, files: File[]): Promise<Task> {
  const body = new FormData();
  if (note) body.append('note', note);
  for (const file of files) body.append('files', file, file.name);
  return (await call(request, ops.submit, { params: { id }, body })).data;
}

/** A task file's bytes (Range, Content-Disposition and nosniff passed through). */
export function streamTaskFile(request: Request, fileId: string): Promise<Response> {
  if (!isId(fileId)) return Promise.resolve(new Response('File not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }));
  return streamApiFile(request, fillPath(ops.fileContent.path, { id: fileId }));
}
