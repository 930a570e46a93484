import { readFormData } from '~/utils/form-data.server';
import { submitForm, redirectAfter } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { createEmployee, resendConfirmation, setEmployeeActive, updateEmployee } from '~/models/employees.server';
import { CreateEmployeeBody, EmployeeChangesBody } from '../../../server/contract/employees';

export const EMPLOYEES_PATH = '/workspace/employee';
const FIELDS = ['name', 'designation', 'designationOther', 'email', 'mobile', 'address', 'password', 'confirmPassword', 'isSubAdmin', 'canSeeFinancials'];

/** The employees page's actions: `save` (the Add/Edit panel; an `id` edits), `deactivate` and `reactivate`. */
export async function employeesAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    save: (formData) => saveEmployee(request, formData),
    deactivate: (formData) => setActive(request, formData, false),
    reactivate: (formData) => setActive(request, formData, true),
    resend: (formData) => resend(request, formData),
  });
}

async function saveEmployee(request: Request, formData: FormData) {
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  const failure = { fields: FIELDS, hideFields: ['password', 'confirmPassword'], serverFailure: editing ? 'Failed to update employee' : 'Failed to create employee' };
  // An edit carries the version its form was read at (docs/decisions/320).
  if (editing) {
    return submitForm(formData, { schema: EmployeeChangesBody, intent: 'save', failure, send: (value) => updateEmployee(request, editing, value), done: () => redirectWithSuccess(EMPLOYEES_PATH, 'Employee updated successfully') });
  }
  return submitForm(formData, {
    schema: CreateEmployeeBody,
    intent: 'save',
    failure,
    send: (value) => createEmployee(request, value),
    done: () => redirectWithSuccess(EMPLOYEES_PATH, 'Employee added: we mailed them a link to confirm their account'),
  });
}

async function setActive(request: Request, formData: FormData, active: boolean) {
  // The api's refusal (403, 404) says why; a failure on its side says what did not happen.
  const serverFailure = `Failed to ${active ? 'reactivate' : 'deactivate'} the employee. Please try again.`;
  return redirectAfter(setEmployeeActive(request, String(formData.get('id') ?? ''), active), EMPLOYEES_PATH, active ? 'Employee reactivated' : 'Employee deactivated: signed out everywhere', { serverFailure });
}

async function resend(request: Request, formData: FormData) {
  return redirectAfter(resendConfirmation(request, String(formData.get('id') ?? '')), EMPLOYEES_PATH, 'We mailed a new confirmation link');
}
