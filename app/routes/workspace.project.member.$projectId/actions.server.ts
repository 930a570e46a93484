import { readFormData } from '~/utils/form-data.server';
import { attempt, submitForm, redirectAfter, redirectFailure } from '~/utils/form-action.server';
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
  const failure = { to: `${to}?panel=new` };
  const contact = await attempt(getContact(request, String(formData.get('contactId') ?? '')));
  if (!contact.ok) return redirectFailure(contact.error, to, failure);
  if (!contact.reply.email) return redirectWithError(failure.to, 'This contact has no email; add one in the Address Book first.');
  return redirectAfter(createMember(request, { projectId, name: contact.reply.name, email: contact.reply.email }), to, 'Member added successfully', failure);
}

async function saveMember(request: Request, projectId: string, formData: FormData) {
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  return submitForm(formData, {
    schema: MemberFields,
    intent: 'save',
    // Spec, error catalogue: "Failed to create member" / "Failed to update member" when the server fails.
    failure: { fields: ['name', 'email'], serverFailure: editing ? MEMBER_MESSAGES.updateFailed : MEMBER_MESSAGES.createFailed },
    send: (value) => (editing ? updateMember(request, editing, value) : createMember(request, { ...value, projectId })),
    done: () => redirectWithSuccess(projectPaths(projectId).members, editing ? 'Member updated successfully' : 'Member added successfully'),
  });
}

async function removeMember(request: Request, projectId: string, formData: FormData) {
  // Spec: a refused delete shows the server's message; a failed one says what did not happen.
  return redirectAfter(deleteMember(request, String(formData.get('id') ?? '')), projectPaths(projectId).members, 'Member deleted successfully', { serverFailure: 'Failed to delete member' });
}
