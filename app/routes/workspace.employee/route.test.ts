import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action } from './route';

/**
 * The employees panel (workspace-and-admin.md screen 11) when the api fails. The spec's catalogue
 * has no text of its own for an employee's save (its employee save makes no call); the web says
 * "Failed to create employee" / "Failed to update employee" for a server failure, as it does for a
 * member's, and the api's message for a refusal.
 */
const api = useStandInApi();
const EMPLOYEE_ID = '64b000000000000000000e01';
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const employee = {
  intent: 'save',
  name: 'Ravi Patil',
  designation: 'Architect',
  email: 'ravi@example.test',
  mobile: '9876543210',
  address: 'Kothrud, Pune',
  password: 'secret123',
  confirmPassword: 'secret123',
};

type Answer = { intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; toast: { type: string; message: string } | null };

async function save(fields: Record<string, string>) {
  const response = await settled(action(routeArgs(webRequest('/workspace/employee?panel=new', cookie, fields))));
  const data = (await response.json()) as Answer;
  return { status: response.status, intent: data.intent, formErrors: data.result.error?.[''] ?? [], toast: data.toast, values: data.result.initialValue ?? {} };
}

describe('saving an employee when the api fails', () => {
  it.each([500, 503])('says "Failed to create employee" in the panel and as a toast when the create fails (%i), without sending the passwords back', async (status) => {
    api.on('POST', '/api/employees', serverError(status));
    const answer = await save(employee);
    expect(answer).toMatchObject({ status: 400, intent: 'save', formErrors: ['Failed to create employee'], toast: { type: 'error', message: 'Failed to create employee' } });
    expect(answer.values.name).toBe('Ravi Patil');
    expect(answer.values.password).toBeUndefined();
    expect(JSON.parse(api.calls('POST', '/api/employees')[0]!.body)).toMatchObject({ name: 'Ravi Patil', email: 'ravi@example.test' });
  });

  it.each([500, 503])('says "Failed to update employee" when the update fails (%i)', async (status) => {
    api.on('PUT', `/api/employees/${EMPLOYEE_ID}`, serverError(status));
    const answer = await save({ ...employee, id: EMPLOYEE_ID, password: '', confirmPassword: '', version: '2' });
    expect(answer).toMatchObject({ status: 400, formErrors: ['Failed to update employee'], toast: { type: 'error', message: 'Failed to update employee' } });
  });

  it('shows the api’s message on its field for a create it refuses (409)', async () => {
    api.on('POST', '/api/employees', refusal(409, 'An account with this email already exists', [{ path: 'email', message: 'An account with this email already exists' }]));
    const response = await settled(action(routeArgs(webRequest('/workspace/employee?panel=new', cookie, employee))));
    const data = (await response.json()) as Answer;
    expect(response.status).toBe(409);
    expect(data.result.error?.email).toEqual(['An account with this email already exists']);
    expect(data.toast?.message).toBe('An account with this email already exists');
  });

  it.each([
    ['deactivate', 500],
    ['reactivate', 503],
  ] as const)('goes back to the list saying what failed when the api fails to %s (%i)', async (intent, status) => {
    api.on('POST', `/api/employees/${EMPLOYEE_ID}/${intent}`, serverError(status));
    const response = await settled(action(routeArgs(webRequest('/workspace/employee', cookie, { intent, id: EMPLOYEE_ID }))));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/workspace/employee');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: `Failed to ${intent} the employee. Please try again.` });
  });

  it('goes back to the list with the api’s reason when it refuses a deactivation', async () => {
    api.on('POST', `/api/employees/${EMPLOYEE_ID}/deactivate`, refusal(403, 'Only the firm owner can deactivate a sub-admin'));
    const response = await settled(action(routeArgs(webRequest('/workspace/employee', cookie, { intent: 'deactivate', id: EMPLOYEE_ID }))));
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Only the firm owner can deactivate a sub-admin' });
  });
});
