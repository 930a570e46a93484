import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { createEmployee, resendConfirmation, setEmployeeActive, updateEmployee } from '~/models/employees.server';
import { CreateEmployeeBody, UpdateEmployeeBody } from '../../../server/contract/employees';

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
  const submission = parseWithZod(formData, { schema: editing ? UpdateEmployeeBody : CreateEmployeeBody });
  const hideFields = ['password', 'confirmPassword'];
  if (submission.status !== 'success') return formFailure(submission, { intent: 'save', hideFields });
  try {
    if (editing) await updateEmployee(request, editing, submission.value);
    else await createEmployee(request, submission.value as CreateEmployeeBody);
  } catch (error) {
    return formFailure(submission, { error, intent: 'save', fields: FIELDS, hideFields, serverFailure: editing ? 'Failed to update employee' : 'Failed to create employee' });
  }
  return redirectWithSuccess(EMPLOYEES_PATH, editing ? 'Employee updated successfully' : 'Employee added: we mailed them a link to confirm their account');
}

async function setActive(request: Request, formData: FormData, active: boolean) {
  try {
    await setEmployeeActive(request, String(formData.get('id') ?? ''), active);
  } catch (error) {
    // The api's refusal (403, 404) says why; a failure on its side says what did not happen.
    if (error instanceof ApiError) return redirectWithError(EMPLOYEES_PATH, error.status >= 500 ? `Failed to ${active ? 'reactivate' : 'deactivate'} the employee. Please try again.` : error.message);
    throw error;
  }
  return redirectWithSuccess(EMPLOYEES_PATH, active ? 'Employee reactivated' : 'Employee deactivated: signed out everywhere');
}

async function resend(request: Request, formData: FormData) {
  try {
    await resendConfirmation(request, String(formData.get('id') ?? ''));
  } catch (error) {
    if (error instanceof ApiError) return redirectWithError(EMPLOYEES_PATH, error.message);
    throw error;
  }
  return redirectWithSuccess(EMPLOYEES_PATH, 'We mailed a new confirmation link');
}
