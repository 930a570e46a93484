import { api } from '~/utils/api.server';
import type { CreateEmployeeBody, Employee, EmployeeReply, EmployeesReply, UpdateEmployeeBody } from '../../server/contract/employees';

/** The web's calls to the employees api (docs/decisions/110): the only place their paths are written. */

export async function listEmployees(request: Request): Promise<EmployeesReply['data']> {
  return (await api<EmployeesReply>(request, '/employees')).data;
}

export async function createEmployee(request: Request, body: CreateEmployeeBody): Promise<Employee> {
  return (await api<EmployeeReply>(request, '/employees', { method: 'POST', json: body })).data;
}

export async function updateEmployee(request: Request, id: string, body: UpdateEmployeeBody): Promise<Employee> {
  return (await api<EmployeeReply>(request, `/employees/${encodeURIComponent(id)}`, { method: 'PUT', json: body })).data;
}

export async function setEmployeeActive(request: Request, id: string, active: boolean): Promise<Employee> {
  const action = active ? 'reactivate' : 'deactivate';
  return (await api<EmployeeReply>(request, `/employees/${encodeURIComponent(id)}/${action}`, { method: 'POST' })).data;
}
