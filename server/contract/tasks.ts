import { z } from 'zod/v4';
import { TASK_LIMITS as L, TASK_MESSAGES as M, TASK_STATUSES } from './tasks-rules.js';
import { ErrorReply, IdParams, pageLimit } from './http.js';
import { FileContentQuery } from './files.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';
import { isRealDay } from './dates.js';
import { requiredText } from './text-fields.js';

/** The task board's api shapes (docs/decisions/111); the rules and messages are in tasks-rules.ts. */

export * from './tasks-rules.js';


/** The Add Task form's text fields (the files come in the same multipart body). */
export const TaskFields = z.object({
  projectId: z.string({ error: M.projectRequired }).trim().min(1, M.projectRequired).max(64, M.projectRequired),
  employees: z
    .array(z.string().trim().max(64), { error: M.employeeRequired })
    .transform((ids) => [...new Set(ids.filter(Boolean))])
    .pipe(z.array(z.string()).min(1, M.employeeRequired).max(L.assignees, `At most ${L.assignees} employees`)),
  title: z
    .string()
    .trim()
    .max(L.title, M.titleMax)
    .optional()
    .transform((v) => v || undefined),
  description: requiredText(M.descriptionRequired, L.description),
  dueDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isRealDay(v), M.dueDateInvalid)
    .meta({ pattern: '^\\s*(\\d{4}-\\d{2}-\\d{2})?\\s*$' }),
});
export type TaskFields = z.infer<typeof TaskFields>;

/** The Submit form's note (its files come in the same multipart body). */
export const SubmitTaskFields = z.object({
  note: z
    .string()
    .trim()
    .max(L.note, M.noteMax)
    .optional()
    .transform((v) => v || undefined),
});
export type SubmitTaskFields = z.infer<typeof SubmitTaskFields>;

export const RejectTaskBody = z.object({ reason: requiredText(M.reasonRequired, L.reason) });
export type RejectTaskBody = z.input<typeof RejectTaskBody>;

const Person = z.object({ id: z.string(), name: z.string() });

export const TaskFile = z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), url: z.string() });
export type TaskFile = z.infer<typeof TaskFile>;

export const Task = z.object({
  id: z.string(),
  project: z.object({ id: z.string(), projectName: z.string() }),
  /** Its title, or its description's first words for a task made before titles (taskTitle). */
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  rejectReason: z.string().nullable(),
  from: Person.nullable(),
  to: z.array(Person),
  files: z.array(TaskFile),
  /** The note of its last Submit, or null. */
  submitNote: z.string().nullable(),
  /** Files its assignees sent back with their Submits, oldest first. */
  deliverables: z.array(TaskFile),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the viewer may do with it now. */
  can: z.object({ submit: z.boolean(), approve: z.boolean(), reject: z.boolean() }),
});
export type Task = z.infer<typeof Task>;

/** GET /api/tasks?done=: how many of the newest finished tasks the Done column shows. */
export const BoardQuery = z.object({ done: pageLimit(L.doneShown, L.doneMax) });
export type BoardQuery = z.input<typeof BoardQuery>;

/** GET /api/tasks: the viewer's board; `doneTotal` counts every finished task, shown or not. */
export const BoardReply = z.object({
  data: z.object({ todo: z.array(Task), given: z.array(Task), review: z.array(Task), done: z.array(Task), doneTotal: z.number() }),
});
export type BoardReply = z.infer<typeof BoardReply>;

/** POST /api/tasks/file-drafts (201): files kept for an Add Task form that came back (decision 218). */
export const TaskFileDraft = z.object({ id: z.string(), fileName: z.string(), size: z.number().int() });
export type TaskFileDraft = z.infer<typeof TaskFileDraft>;
export const TaskFileDraftsReply = z.object({ data: z.array(TaskFileDraft) });
export type TaskFileDraftsReply = z.infer<typeof TaskFileDraftsReply>;

export const TaskReply = z.object({ data: Task });
export type TaskReply = z.infer<typeof TaskReply>;

/** GET /api/tasks/assignees: the firm's active employees a task may be given to. */
export const AssigneesReply = z.object({ data: z.array(z.object({ id: z.string(), name: z.string(), designation: z.string() })) });
export type AssigneesReply = z.infer<typeof AssigneesReply>;

/** The files of a multipart body: the part `files`, repeated, one file each. */
const fileParts = (max: number) => z.array(z.file()).max(max);

/** POST /api/tasks: the Add Task form's parts (docs/decisions/218: kept files are named by `fileDrafts` instead of sent again). */
export const TaskParts = TaskFields.extend({
  files: fileParts(L.files).optional().describe(`1 to ${L.files} files, counted with fileDrafts`),
  fileDrafts: z.array(z.string().max(64)).max(L.files).optional().describe('The ids of files kept by POST /api/tasks/file-drafts'),
});

/** POST /api/tasks/{id}/submit: the Submit form's parts, each optional. */
export const SubmitTaskParts = SubmitTaskFields.extend({ files: fileParts(L.files).optional() });

/** POST /api/tasks/file-drafts: the files to keep. */
export const TaskFileDraftParts = z.object({ files: fileParts(L.files).min(1) });

const op = operationsOf('workspace', ['tasks']);
/** An upload's own refusals (server/files/receive-files.ts): too large, not multipart, too many at once. */
const uploadErrors = { 413: ErrorReply, 415: ErrorReply, 429: ErrorReply } as const;

/**
 * The task board's operations (docs/decisions/111, 370), scope `workspace`: the api registers them
 * (server/routes/tasks/) and the web calls them (app/models/tasks.server.ts). A task the caller
 * cannot see is 404; a move its status does not allow is 409.
 */
export const taskOperations = {
  board: op({
    method: 'GET',
    path: '/tasks',
    summary: "The viewer's task board: To Do, Given, In Review (every open task), Done (the newest `done` finished ones, with their total)",
    query: BoardQuery,
    replies: { 200: BoardReply, 404: ErrorReply },
  }),
  assignees: op({
    method: 'GET',
    path: '/tasks/assignees',
    summary: "The firm's active employees, for the Add Task panel",
    replies: { 200: AssigneesReply, 404: ErrorReply },
  }),
  fileContent: op({
    method: 'GET',
    path: '/tasks/files/:id/content',
    summary: "A task file's bytes, to the task's creator, its assignees and the firm's managers (Range, nosniff, attachment unless safe)",
    params: IdParams,
    query: FileContentQuery,
    replies: { 200: binary(ANY_TYPE), 206: binary(ANY_TYPE), 404: ErrorReply, 416: ErrorReply },
  }),
  keepFiles: op({
    method: 'POST',
    path: '/tasks/file-drafts',
    summary: `Keep files for an Add Task form sent back with errors (1 to ${L.files} files); their ids go in fileDrafts`,
    body: { multipart: TaskFileDraftParts },
    replies: { 201: TaskFileDraftsReply, 404: ErrorReply, ...uploadErrors },
  }),
  create: op({
    method: 'POST',
    path: '/tasks',
    summary: `Give a task (projectId, employees, description, dueDate (YYYY-MM-DD), 1 to ${L.files} files or kept fileDrafts)`,
    body: { multipart: TaskParts },
    // 409: a kept file is no longer the caller's (expired or taken).
    replies: { 201: TaskReply, 404: ErrorReply, 409: ErrorReply, ...uploadErrors },
  }),
  submit: op({
    method: 'POST',
    path: '/tasks/:id/submit',
    summary: `Submit a task for review (an assignee): To Do → In Review, with an optional note (at most ${L.note} characters) and up to ${L.files} files`,
    params: IdParams,
    body: { multipart: SubmitTaskParts },
    replies: { 200: TaskReply, 404: ErrorReply, 409: ErrorReply, ...uploadErrors },
  }),
  approve: op({
    method: 'POST',
    path: '/tasks/:id/approve',
    summary: 'Approve a task (its creator): In Review → Done',
    params: IdParams,
    replies: { 200: TaskReply, 404: ErrorReply, 409: ErrorReply },
  }),
  reject: op({
    method: 'POST',
    path: '/tasks/:id/reject',
    summary: 'Reject a task with a reason (its creator): In Review → To Do',
    params: IdParams,
    body: RejectTaskBody,
    replies: { 200: TaskReply, 404: ErrorReply, 409: ErrorReply },
  }),
} as const;
