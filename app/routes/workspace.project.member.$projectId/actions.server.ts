import { parseWithZod } from '@conform-to/zod/v4';
import { json } from '@remix-run/node';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { createMember, deleteMember, updateMember } from '~/models/workspace-projects.server';
import { projectPaths } from '~/components/workspace/project-tabs';
import { MEMBER_MESSAGES, MemberFields } from '../../../server/contract/workspace-members';

/** The members page's actions: `save` (the Add/Edit side panel; an `id` edits) and `delete` (the confirmation). */
export async function membersAction(request: Request, projectId: string) {
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'save':
      return saveMember(request, projectId, formData);
    case 'delete':
      return removeMember(request, projectId, formData);
    default:
      throw json({ message: 'Unknown action' }, { status: 400 });
  }
}

async function saveMember(request: Request, projectId: string, formData: FormData) {
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  const submission = parseWithZod(formData, { schema: MemberFields });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'save' });
  try {
    if (editing) await updateMember(request, editing, submission.value);
    else await createMember(request, { ...submission.value, projectId });
  } catch (error) {
    // Spec, error catalogue: "Failed to create member" / "Failed to update member" when the server fails.
    const failed =
      error instanceof ApiError && error.status >= 500 ? new ApiError(error.status, editing ? MEMBER_MESSAGES.updateFailed : MEMBER_MESSAGES.createFailed) : error;
    return formFailure(submission, { error: failed, intent: 'save', fields: ['name', 'email'] });
  }
  return redirectWithSuccess(projectPaths(projectId).members, editing ? 'Member updated successfully' : 'Member added successfully');
}

async function removeMember(request: Request, projectId: string, formData: FormData) {
  const to = projectPaths(projectId).members;
  try {
    await deleteMember(request, String(formData.get('id') ?? ''));
  } catch (error) {
    // Spec: a failed delete shows the server's message.
    if (error instanceof ApiError) return redirectWithError(to, error.message);
    throw error;
  }
  return redirectWithSuccess(to, 'Member deleted successfully');
}
