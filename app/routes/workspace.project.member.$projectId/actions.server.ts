import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { createMember, deleteMember, updateMember } from '~/models/workspace-projects.server';
import { projectPaths } from '~/components/workspace/project-tabs';
import { getContact } from '~/models/chat-book.server';
import { MEMBER_MESSAGES, MemberFields } from '../../../server/contract/workspace-members';

/** The members page's actions: `save` (the Add/Edit side panel; an `id` edits) and `delete` (the confirmation). */
export async function membersAction(request: Request, projectId: string) {
  return dispatchIntent(await readFormData(request), {
    save: (formData) => saveMember(request, projectId, formData),
    delete: (formData) => removeMember(request, projectId, formData),
    pick: (formData) => pickContact(request, projectId, formData),
  });
}

/** "Pick from Address Book": the contact's name and email become a member (docs/decisions/115). */
async function pickContact(request: Request, projectId: string, formData: FormData) {
  const to = projectPaths(projectId).members;
  try {
    const contact = await getContact(request, String(formData.get('contactId') ?? ''));
    if (!contact.email) return redirectWithError(`${to}?panel=new`, 'This contact has no email; add one in the Address Book first.');
    await createMember(request, { projectId, name: contact.name, email: contact.email });
  } catch (error) {
    if (error instanceof ApiError) return redirectWithError(`${to}?panel=new`, error.message);
    throw error;
  }
  return redirectWithSuccess(to, 'Member added successfully');
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
    const serverFailure = editing ? MEMBER_MESSAGES.updateFailed : MEMBER_MESSAGES.createFailed;
    return formFailure(submission, { error, intent: 'save', fields: ['name', 'email'], serverFailure });
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
