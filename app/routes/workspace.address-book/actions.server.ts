import { readFormData } from '~/utils/form-data.server';
import { submitForm, redirectAfter } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { createContact, deleteContact, updateContact } from '~/models/chat-book.server';
import { CONTACT_MESSAGES, ContactChanges, ContactFields } from '../../../server/contract/address-book';

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
  const failure = { fields: ['name', 'company', 'email', 'phone', 'kind', 'notes', 'isClient', 'isSupplier', 'address', 'state', 'gstin'], serverFailure: CONTACT_MESSAGES.saveFailed };
  // An edit carries the version its form was read at (docs/decisions/320); an addition has none.
  if (editing) {
    return submitForm(formData, { schema: ContactChanges, intent: 'save', failure, send: (value) => updateContact(request, editing, value), done: () => redirectWithSuccess(ADDRESS_BOOK_PATH, 'Contact updated') });
  }
  return submitForm(formData, { schema: ContactFields, intent: 'save', failure, send: (value) => createContact(request, value), done: () => redirectWithSuccess(ADDRESS_BOOK_PATH, 'Contact added') });
}

async function removeContact(request: Request, formData: FormData) {
  return redirectAfter(deleteContact(request, String(formData.get('id') ?? '')), ADDRESS_BOOK_PATH, 'Contact deleted', { serverFailure: 'Failed to delete contact' });
}
