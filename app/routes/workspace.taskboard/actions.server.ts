import type { ApiError } from '~/utils/api.server';
import { attempt, redirectAfter, redirectFailure } from '~/utils/form-action.server';
import { parseWithZod } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_LARGE, TOO_MANY } from '~/utils/uploads.server';
import { createTask, keepTaskFiles, moveTask, submitTask } from '~/models/tasks.server';
import { FILE_LIMITS } from '../../../server/contract/files-rules';
import { RejectTaskBody, SUBMIT_FORM_FIELDS as S, SubmitTaskFields, TASK_FORM_FIELDS as F, TASK_LIMITS, TASK_MESSAGES as M, TaskFields, type TaskFileDraft, type TaskMove } from '../../../server/contract/tasks';

export const TASKBOARD_PATH = '/workspace/taskboard';

/** A file kept for the Add Task form (decision 218). */
export type KeptTaskFile = TaskFileDraft;
const FIELDS = Object.values(F) as string[];

/** The board's actions: `create` (the Add Task panel, with files), `submit`, `approve`, `reject` (with its reason). */
export async function taskboardAction(request: Request) {
  const formData = await parseUploadForm(request, { maxFileBytes: FILE_LIMITS.defaultMaxFileMb * 1024 * 1024, maxFiles: TASK_LIMITS.files });
  return dispatchIntent(formData, {
    create: (data) => createTaskFromForm(request, data),
    submit: (data) => submit(request, data),
    approve: (data) => move(request, data, 'approve'),
    reject: (data) => reject(request, data),
  });
}

/**
 * The form's files as kept drafts (decision 218): those it already held (each a ticked checkbox
 * whose value is `id|size|name`; untick one to leave it out) and the files just chosen, kept first so
 * that a form sent back still holds them. `problem` is the api's answer when they could not be kept.
 */
async function filesOfSubmit(request: Request, formData: FormData): Promise<{ drafts: KeptTaskFile[]; problem: ApiError | null }> {
  const held = formData.getAll(F.fileDrafts).flatMap((value) => {
    const match = typeof value === 'string' ? /^([0-9a-f]{24})\|(\d{1,12})\|(.{1,255})$/s.exec(value) : null;
    return match ? [{ id: match[1]!, size: Number(match[2]), fileName: match[3]! }] : [];
  });
  const files = formData.getAll(F.files).filter((v): v is File => v instanceof File);
  if (!files.length) return { drafts: held, problem: null };
  const kept = await attempt(keepTaskFiles(request, files));
  return kept.ok ? { drafts: [...held, ...kept.reply], problem: null } : { drafts: held, problem: kept.error };
}

async function createTaskFromForm(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: TaskFields });
  const { drafts, problem } = await filesOfSubmit(request, formData);
  const values = formData.getAll(F.files);
  const fileErrors = values.some((v) => v === TOO_LARGE || v === TOO_MANY) ? fileProblems(formData, F.files).map((p) => p.message) : [];
  if (!drafts.length && !fileErrors.length && !problem) fileErrors.push(M.filesRequired);
  const fieldErrors: Record<string, string[]> = fileErrors.length ? { [F.files]: fileErrors } : {};
  const failure = (error: unknown, kept: KeptTaskFile[]) =>
    formFailure(submission, { error, intent: 'create', fieldErrors, fields: FIELDS, serverFailure: M.createFailed, data: { fileDrafts: kept } });
  if (submission.status !== 'success' || fileErrors.length || problem) return failure(problem ?? undefined, drafts);
  const body = new FormData();
  body.append(F.project, submission.value.projectId);
  for (const id of submission.value.employees) body.append(F.employees, id);
  if (submission.value.title) body.append(F.title, submission.value.title);
  body.append(F.description, submission.value.description);
  if (submission.value.dueDate) body.append(F.dueDate, submission.value.dueDate);
  for (const draft of drafts) body.append(F.fileDrafts, draft.id);
  const sent = await attempt(createTask(request, body));
  if (!sent.ok) {
    // Kept files the api no longer holds (expired, or taken) are not offered again.
    const gone = sent.error.status === 409 && sent.error.details.some((d) => d.path === F.files);
    return failure(sent.error, gone ? [] : drafts);
  }
  return redirectWithSuccess(TASKBOARD_PATH, 'Task created successfully');
}

/** The board again after a move, with as many finished tasks as it showed (`?done=`, decision 201). */
function boardAfter(request: Request): string {
  const done = new URL(request.url).searchParams.get('done') ?? '';
  return /^\d{1,4}$/.test(done) ? `${TASKBOARD_PATH}?done=${done}` : TASKBOARD_PATH;
}

const DONE: Record<TaskMove, string> = { submit: 'Task submitted for review', approve: 'Task approved', reject: 'Task sent back to To Do' };

async function move(request: Request, formData: FormData, name: Exclude<TaskMove, 'submit'>, reason?: string) {
  return redirectAfter(moveTask(request, String(formData.get('id') ?? ''), name, reason), boardAfter(request), DONE[name]);
}

async function reject(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: RejectTaskBody });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'reject' });
  return move(request, formData, 'reject', submission.value.reason);
}

/**
 * Submit with its note and files. A form with a note too long or a file refused comes
 * back with its messages; the files must be chosen again (a Submit form is short, and its files are
 * optional, so no drafts are kept as for Add Task).
 */
async function submit(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SubmitTaskFields });
  const fileErrors = fileProblems(formData, S.files).map((p) => p.message);
  const failure = (error?: unknown) => formFailure(submission, { error, intent: 'submit', fieldErrors: fileErrors.length ? { [S.files]: fileErrors } : {}, fields: Object.values(S) });
  if (submission.status !== 'success' || fileErrors.length) return failure();
  const files = formData.getAll(S.files).filter((v): v is File => v instanceof File && v.size > 0);
  const sent = await attempt(submitTask(request, String(formData.get('id') ?? ''), submission.value.note, files));
  // A note or file refused is said on the form; any other failure on the board.
  if (!sent.ok && [400, 413, 415].includes(sent.error.status)) return failure(sent.error);
  if (!sent.ok) return redirectFailure(sent.error, boardAfter(request));
  return redirectWithSuccess(boardAfter(request), DONE.submit);
}
