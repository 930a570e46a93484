import { call, fetchOperation, forwardedFor } from '~/utils/api.server';
import { employeeConfirmationOperations as confirmation, employeeOperations as ops } from '../../server/contract/employees';
import type { CreateEmployeeBody, Employee, EmployeesReply, EmployeeChangesBody } from '../../server/contract/employees';

/** The web's calls to the employees api (docs/decisions/110), each by its declaration (server/contract/employees.ts, docs/decisions/370). */

export async function listEmployees(request: Request): Promise<EmployeesReply['data']> {
  return (await call(request, ops.list, {})).data;
}

export async function createEmployee(request: Request, body: CreateEmployeeBody): Promise<Employee> {
  return (await call(request, ops.create, { json: body })).data;
}

export async function updateEmployee(request: Request, id: string, body: EmployeeChangesBody): Promise<Employee> {
  return (await call(request, ops.update, { params: { id }, json: body })).data;
}

export async function setEmployeeActive(request: Request, id: string, active: boolean): Promise<Employee> {
  return (await call(request, active ? ops.reactivate : ops.deactivate, { params: { id } })).data;
}

export async function resendConfirmation(request: Request, id: string): Promise<Employee> {
  return (await call(request, ops.resendConfirmation, { params: { id } })).data;
}

// The welcome link's page (no account: the link is the key; docs/decisions/236).
export const getPendingAccount = (request: Request, token: string) => fetchOperation(confirmation.pending, { params: { token } }, { forwardedFor: forwardedFor(request) });

export const answerConfirmation = (request: Request, token: string, answer: 'confirm' | 'not-me') =>
  fetchOperation(answer === 'confirm' ? confirmation.confirm : confirmation.notMe, { params: { token } }, { forwardedFor: forwardedFor(request) });
