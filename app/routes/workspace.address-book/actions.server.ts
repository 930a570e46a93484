import { ApiError } from '~/utils/api.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { createContact, deleteContact, updateContact } from '~/models/chat-book.server';
import { CONTACT_MESSAGES, ContactFields } from '../../../server/contract/address-book';

export const ADDRESS_BOOK_PATH = '/workspace/address-book';

/** The Address Book's actions: `save` (the Add/Edit side panel; an `id` edits) and `delete` (the confirmation). */
export async function addressBookAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    save: (formData) => saveContact(request, formData),
    delete: (formData) => removeContact(request, formData),
  });
}

async function saveContact(request: Request, formData: FormData) {
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  const submission = parseWithZod(formData, { schema: ContactFields });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'save' });
  try {
    if (editing) await updateContact(request, editing, submission.value);
    else await createContact(request, submission.value);
  } catch (error) {
    return formFailure(submission, { error, intent: 'save', fields: ['name', 'company', 'email', 'phone', 'kind', 'notes', 'isClient', 'isSupplier', 'address', 'state', 'gstin'], serverFailure: CONTACT_MESSAGES.saveFailed });
  }
  return redirectWithSuccess(ADDRESS_BOOK_PATH, editing ? 'Contact updated' : 'Contact added');
}

async function removeContact(request: Request, formData: FormData) {
  try {
    await deleteContact(request, String(formData.get('id') ?? ''));
  } catch (error) {
    if (error instanceof ApiError) return redirectWithError(ADDRESS_BOOK_PATH, error.message);
    throw error;
  }
  return redirectWithSuccess(ADDRESS_BOOK_PATH, 'Contact deleted');
}
