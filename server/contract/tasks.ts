import { z } from 'zod/v4';
import { TASK_LIMITS as L, TASK_MESSAGES as M, TASK_STATUSES } from './tasks-rules.js';
import { pageLimit } from './http.js';
import { requiredText } from './text-fields.js';

/** The task board's api shapes (docs/decisions/111); the rules and messages are in tasks-rules.ts. */

export * from './tasks-rules.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

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
    .refine((v) => v === undefined || isRealDate(v), M.dueDateInvalid),
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
