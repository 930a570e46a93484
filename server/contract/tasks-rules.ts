/**
 * The plain values of the task board (workspace-and-admin.md screens 9 and 10, sections 4 and 5;
 * DESIGN.md section 9 "Tasks"; docs/decisions/111): statuses, the columns and their labels, the
 * form's field names and the spec's messages. No zod here, so browser code can use them.
 */

export const TASK_STATUSES = ['todo', 'review', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The board's columns, per viewer: what each holds is decided by the api (queries/tasks.ts). */
export const TASK_COLUMNS = ['todo', 'given', 'review', 'done'] as const;
export type TaskColumn = (typeof TASK_COLUMNS)[number];

export const COLUMN_TITLES: Record<TaskColumn, string> = { todo: 'To Do Tasks', given: 'Given', review: 'In Review', done: 'Done' };

/** Spec, section 4: To Do and Given display as in progress, In Review as in Review, Done as Done. */
export const STATUS_LABELS: Record<TaskStatus, string> = { todo: 'in progress', review: 'in Review', done: 'Done' };

/** The moves a task makes, who makes them, and from where to where. */
export const TASK_MOVES = {
  submit: { from: 'todo', to: 'review', by: 'assignee' },
  approve: { from: 'review', to: 'done', by: 'creator' },
  reject: { from: 'review', to: 'todo', by: 'creator' },
} as const satisfies Record<string, { from: TaskStatus; to: TaskStatus; by: 'assignee' | 'creator' }>;
export type TaskMove = keyof typeof TASK_MOVES;

/** The move a card dragged from one column to another asks for, when the board allows it (else null). */
export function moveBetween(from: TaskColumn, to: TaskColumn): TaskMove | null {
  if (from === 'todo' && to === 'review') return 'submit';
  if (from === 'review' && to === 'done') return 'approve';
  if (from === 'review' && (to === 'todo' || to === 'given')) return 'reject';
  return null;
}

/** The Add Task form's multipart field names (spec section 3: project, Employee, name (description), files). */
export const TASK_FORM_FIELDS = {
  project: 'projectId',
  employees: 'employees',
  title: 'title',
  description: 'description',
  dueDate: 'dueDate',
  files: 'files',
  /** Files kept from an earlier try of the form (decision 218): their drafts' ids, sent instead of the files. */
  fileDrafts: 'fileDrafts',
} as const;

/** The Submit form's multipart field names: a note and the deliverables, both optional. */
export const SUBMIT_FORM_FIELDS = { note: 'note', files: 'files' } as const;

const TASK_LIMITS_TITLE = 80;

export const TASK_LIMITS = {
  title: TASK_LIMITS_TITLE,
  description: 2000,
  reason: 500,
  note: 2000,
  assignees: 20,
  files: 10,
  /** The Done column shows the newest finished tasks, this many at a time (decision 201)… */
  doneShown: 20,
  /** …and at most this many: older ones stay in the audit log and the calendar. */
  doneMax: 500,
} as const;

export const TASK_MESSAGES = {
  projectRequired: 'Project is required',
  employeeRequired: 'Employee is required',
  employeeUnknown: 'Choose employees of your firm from the list',
  /** An assignee who cannot open the project (a plain employee not on its members list; decision 260). */
  notAMember: (names: string) => `${names} ${names.includes(', ') ? 'are not members' : 'is not a member'} of this project: add them on its Members tab first`,
  titleMax: `The title is at most ${TASK_LIMITS_TITLE} characters`,
  descriptionRequired: 'description is required',
  filesRequired: 'Please attach at least one file',
  dueDateInvalid: 'Choose a valid due date',
  reasonRequired: 'A reason is required to reject a task',
  notFound: 'Task not found',
  fileNotFound: 'File not found',
  onlyAssignee: 'Only a person the task is assigned to can submit it',
  onlyCreator: 'Only the person who gave the task can approve or reject it',
  wrongState: (move: TaskMove, status: TaskStatus) => `A task that is ${STATUS_LABELS[status]} cannot be ${move === 'submit' ? 'submitted' : move === 'approve' ? 'approved' : 'rejected'}`,
  createFailed: 'Failed to create task',
  filesMax: `You can attach at most ${TASK_LIMITS.files} files`,
  noteMax: 'The note is at most 2000 characters',
  fileDraftGone: 'A file kept from your last try has expired; attach it again',
} as const;

/**
 * A task's title as cards, the calendar and mails show it: its own, or for a task made
 * before titles its description's first words.
 */
export function taskTitle(task: { title: string | null; description: string }): string {
  if (task.title) return task.title;
  const words = task.description.trim().split(/\s+/);
  let title = '';
  for (const word of words) {
    if ((title ? `${title} ${word}` : word).length > 48) break;
    title = title ? `${title} ${word}` : word;
  }
  if (!title) title = task.description.trim().slice(0, 48);
  return title.length < task.description.trim().length ? `${title}…` : title;
}
