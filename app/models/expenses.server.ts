import { call } from '~/utils/api.server';
import { expenseOperations as ops, type BillExpensesBody, type ExpenseBody } from '../../server/contract/expenses';

/** The web's calls of a project's expenses (docs/decisions/374), each by its declaration (docs/decisions/370). */

export const getExpenses = async (request: Request, projectId: string) => (await call(request, ops.list, { params: { projectId } })).data;
export const recordExpense = (request: Request, projectId: string, json: ExpenseBody) => call(request, ops.record, { params: { projectId }, json });
export const removeExpense = (request: Request, projectId: string, expenseId: string) => call(request, ops.remove, { params: { projectId, expenseId } });
export const markExpenseReimbursed = (request: Request, projectId: string, expenseId: string) => call(request, ops.reimbursed, { params: { projectId, expenseId } });
export const billExpenses = (request: Request, projectId: string, json: BillExpensesBody) => call(request, ops.bill, { params: { projectId }, json });
