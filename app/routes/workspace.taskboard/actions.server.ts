import { ApiError } from '~/utils/api.server';
import { parseWithZod } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_LARGE, TOO_MANY } from '~/utils/uploads.server';
import { createTask, moveTask } from '~/models/tasks.server';
import { FILE_LIMITS } from '../../../server/contract/files-rules';
import { RejectTaskBody, TASK_FORM_FIELDS as F, TASK_LIMITS, TASK_MESSAGES as M, TaskFields, type TaskMove } from '../../../server/contract/tasks';

export const TASKBOARD_PATH = '/workspace/taskboard';
const FIELDS = Object.values(F) as string[];

/** The board's actions: `create` (the Add Task panel, with files), `submit`, `approve`, `reject` (with its reason). */
export async function taskboardAction(request: Request) {
  const formData = await parseUploadForm(request, { maxFileBytes: FILE_LIMITS.defaultMaxFileMb * 1024 * 1024, maxFiles: TASK_LIMITS.files });
  return dispatchIntent(formData, {
    create: (data) => createTaskFromForm(request, data),
    submit: (data) => move(request, data, 'submit'),
    approve: (data) => move(request, data, 'approve'),
    reject: (data) => reject(request, data),
  });
}

async function createTaskFromForm(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: TaskFields });
  const values = formData.getAll(F.files);
  const files = values.filter((v): v is File => v instanceof File);
  const fileErrors = values.some((v) => v === TOO_LARGE || v === TOO_MANY) ? fileProblems(formData, F.files).map((p) => p.message) : [];
  if (!files.length && !fileErrors.length) fileErrors.push(M.filesRequired);
  const fieldErrors: Record<string, string[]> = fileErrors.length ? { [F.files]: fileErrors } : {};
  if (submission.status !== 'success' || fileErrors.length) return formFailure(submission, { intent: 'create', fieldErrors });
  const body = new FormData();
  body.append(F.project, submission.value.projectId);
  for (const id of submission.value.employees) body.append(F.employees, id);
  body.append(F.description, submission.value.description);
  if (submission.value.dueDate) body.append(F.dueDate, submission.value.dueDate);
  for (const file of files) body.append(F.files, file, file.name);
  try {
    await createTask(request, body);
  } catch (error) {
    return formFailure(submission, { error, intent: 'create', fields: FIELDS, serverFailure: M.createFailed });
  }
  return redirectWithSuccess(TASKBOARD_PATH, 'Task created successfully');
}

/** The board again after a move, with as many finished tasks as it showed (`?done=`, decision 201). */
function boardAfter(request: Request): string {
  const done = new URL(request.url).searchParams.get('done') ?? '';
  return /^\d{1,4}$/.test(done) ? `${TASKBOARD_PATH}?done=${done}` : TASKBOARD_PATH;
}

const DONE: Record<TaskMove, string> = { submit: 'Task submitted for review', approve: 'Task approved', reject: 'Task sent back to To Do' };

async function move(request: Request, formData: FormData, name: TaskMove, reason?: string) {
  try {
    await moveTask(request, String(formData.get('id') ?? ''), name, reason);
  } catch (error) {
    if (error instanceof ApiError) return redirectWithError(boardAfter(request), error.message);
    throw error;
  }
  return redirectWithSuccess(boardAfter(request), DONE[name]);
}

async function reject(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: RejectTaskBody });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'reject' });
  return move(request, formData, 'reject', submission.value.reason);
}
