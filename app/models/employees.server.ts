import { api, apiFetch, forwardedFor } from '~/utils/api.server';
import type { PendingAccountReply } from '../../server/contract/employee-confirmation';
import type { MessageReply } from '../../server/contract/http';
import type { CreateEmployeeBody, Employee, EmployeeReply, EmployeesReply, EmployeeChangesBody } from '../../server/contract/employees';

/** The web's calls to the employees api (docs/decisions/110): the only place their paths are written. */

export async function listEmployees(request: Request): Promise<EmployeesReply['data']> {
  return (await api<EmployeesReply>(request, '/employees')).data;
}

export async function createEmployee(request: Request, body: CreateEmployeeBody): Promise<Employee> {
  return (await api<EmployeeReply>(request, '/employees', { method: 'POST', json: body })).data;
}

export async function updateEmployee(request: Request, id: string, body: EmployeeChangesBody): Promise<Employee> {
  return (await api<EmployeeReply>(request, `/employees/${encodeURIComponent(id)}`, { method: 'PUT', json: body })).data;
}

export async function setEmployeeActive(request: Request, id: string, active: boolean): Promise<Employee> {
  const action = active ? 'reactivate' : 'deactivate';
  return (await api<EmployeeReply>(request, `/employees/${encodeURIComponent(id)}/${action}`, { method: 'POST' })).data;
}

export async function resendConfirmation(request: Request, id: string): Promise<Employee> {
  return (await api<EmployeeReply>(request, `/employees/${encodeURIComponent(id)}/resend-confirmation`, { method: 'POST' })).data;
}

// The welcome link's page (no account: the link is the key; docs/decisions/236).
const confirmationPath = (token: string) => `/employees/confirmation/${encodeURIComponent(token)}`;

export const getPendingAccount = (request: Request, token: string) => apiFetch<PendingAccountReply>(confirmationPath(token), { forwardedFor: forwardedFor(request) });

export const answerConfirmation = (request: Request, token: string, answer: 'confirm' | 'not-me') =>
  apiFetch<MessageReply>(`${confirmationPath(token)}/${answer}`, { method: 'POST', forwardedFor: forwardedFor(request) });
