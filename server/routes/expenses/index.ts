import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireProjectAccess } from '../../auth/project-access.js';
import { formatCalendarDay, isoDay, zoneOf } from '../../contract/dates.js';
import { billedAmountOf, EXPENSE_CATEGORY_LABELS, EXPENSE_LIMITS as L, EXPENSE_MESSAGES as M, expenseOperations as ops, type ExpenseCategory } from '../../contract/expenses.js';
import { ARCHITECTURE_GST_BP, serviceSacOf, type WorkKind } from '../../contract/fees-rules.js';
import { isId } from '../../contract/http.js';
import { formatRate } from '../../contract/fees-rules.js';
import { wholeQuantity } from '../../contract/quantity.js';
import type { Database } from '../../db/connection.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { supplyKind } from '../../money/totals.js';
import { recordAudit } from '../../queries/audit.js';
import { countExpenses, deleteExpense, expensesOf, findExpense, insertExpense, markExpensesBilled, markReimbursed, projectFiles, unbilledExpenses } from '../../queries/expenses.js';
import { clientsOfFirm, findAgreement } from '../../queries/fees.js';
import { findContactOfFirm, insertInvoice } from '../../queries/invoice-writes.js';
import { peopleOfFirm } from '../../queries/time.js';
import { findUserById } from '../../queries/users.js';
import { priceLines } from '../../services/invoice-drafts.js';
import { placeOfSupply } from '../../services/invoices.js';
import { requireProfile } from '../invoices/shared.js';
import { routeOf } from '../declared.js';

/**
 * A project's expenses (docs/decisions/374), scope `workspace`. They are costs and margins
 * (markups), so the firm and its sub-admins record, see and bill them (`manage`).
 */

const todayOf = (request: FastifyRequest) => isoDay(new Date(), zoneOf({ timeZone: request.session.employer?.timeZone ?? request.session.user.timeZone }));
const standing = (status: string | null) => status !== null && status !== 'void';

async function managedExpense(db: Database, request: FastifyRequest, params: { projectId: string; expenseId: string }) {
  const access = await requireProjectAccess(db, request.session, params.projectId, 'manage');
  const found = isId(params.expenseId) ? await findExpense(db, access.project.id, params.expenseId) : undefined;
  if (!found) throw notFound(M.notFound);
  return { ...access, ...found };
}

/** What a billable expense's invoice line says: what, from whom, when, and at cost or with what markup. */
const lineText = (e: { category: string; supplier: string; spentOn: string; markupBp: number }) =>
  `Expense: ${EXPENSE_CATEGORY_LABELS[e.category as ExpenseCategory]}${e.supplier ? `, ${e.supplier}` : ''}, ${formatCalendarDay(e.spentOn)} (${e.markupBp ? `with a ${formatRate(e.markupBp * 10)} markup` : 'at cost'})`;

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'manage');
      const rows = await expensesOf(db, project.id);
      const expenses = rows.map((r) => ({
        id: r.expense.id,
        spentOn: r.expense.spentOn,
        category: r.expense.category as ExpenseCategory,
        supplier: r.expense.supplier,
        amount: r.expense.amount,
        gst: r.expense.gst,
        paidBy: r.expense.paidBy ? { id: r.expense.paidBy, name: r.paidByName ?? '' } : null,
        reimbursed: r.expense.reimbursedAt !== null,
        billable: r.expense.billable,
        markupBp: r.expense.markupBp,
        billedAmount: r.expense.billable ? billedAmountOf(r.expense.amount, r.expense.markupBp) : 0,
        receipt: r.expense.receiptFileId ? { id: r.expense.receiptFileId, name: r.receiptName ?? '' } : null,
        billed: standing(r.invoiceStatus),
      }));
      const sum = (list: typeof expenses, f: (e: (typeof expenses)[number]) => number) => list.reduce((total, e) => total + f(e), 0);
      const agreement = await findAgreement(db, firm.firmId, project.id);
      const clients = await clientsOfFirm(db, firm.firmId);
      return {
        data: {
          project: { id: project.id, projectName: project.projectName },
          today: todayOf(request),
          expenses,
          totals: {
            amount: sum(expenses, (e) => e.amount),
            gst: sum(expenses, (e) => e.gst),
            readyToBill: sum(expenses.filter((e) => e.billable && !e.billed), (e) => e.billedAmount),
            toReimburse: sum(expenses.filter((e) => e.paidBy && !e.reimbursed), (e) => e.amount + e.gst),
          },
          people: await peopleOfFirm(db, firm.firmId),
          receipts: await projectFiles(db, project.id),
          clients: clients.map((c) => ({ id: c.id, name: c.company ? `${c.name} (${c.company})` : c.name })),
          contactId: agreement?.contactId ?? null,
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.record),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'manage');
      const body = request.body;
      if (body.spentOn > todayOf(request)) throw badRequest(M.future, [{ path: 'spentOn', message: M.future }]);
      if (body.paidBy && !(await peopleOfFirm(db, firm.firmId)).some((p) => p.id === body.paidBy)) throw badRequest(M.personNotFound, [{ path: 'paidBy', message: M.personNotFound }]);
      if (body.receiptFileId && !(await projectFiles(db, project.id)).some((f) => f.id === body.receiptFileId)) throw badRequest(M.receiptNotFound, [{ path: 'receiptFileId', message: M.receiptNotFound }]);
      if ((await countExpenses(db, project.id)) >= L.perProject) throw badRequest(M.tooMany);
      const billable = body.billable ?? false;
      await insertExpense(db, {
        firmId: firm.firmId,
        projectId: project.id,
        spentOn: body.spentOn,
        category: body.category,
        supplier: body.supplier ?? '',
        amount: body.amount,
        gst: body.gst ?? 0,
        paidBy: body.paidBy ?? null,
        billable,
        markupBp: billable ? (body.markupBp ?? 0) : 0,
        receiptFileId: body.receiptFileId ?? null,
        createdBy: request.session.user.id,
      });
      return reply.status(201).send({ message: M.recorded });
    },
  });

  app.route({
    ...routeOf(ops.remove),
    handler: async (request) => {
      const { expense, invoiceStatus } = await managedExpense(db, request, request.params);
      if (standing(invoiceStatus)) throw conflict(M.billed);
      await deleteExpense(db, expense.id);
      return { message: M.removed };
    },
  });

  app.route({
    ...routeOf(ops.reimbursed),
    handler: async (request) => {
      const { expense } = await managedExpense(db, request, request.params);
      if (!expense.paidBy) throw conflict(M.notOwed);
      if (!(await markReimbursed(db, expense.id))) throw conflict(M.alreadyReimbursed);
      return { message: M.reimbursed };
    },
  });

  app.route({
    ...routeOf(ops.bill),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'manage');
      const profile = await requireProfile(db, firm.firmId);
      const firmUser = await findUserById(db, firm.firmId);
      const actorId = request.session.user.id;
      const result = await db.transaction(async (tx) => {
        const agreement = await findAgreement(tx, firm.firmId, project.id);
        const pending = await unbilledExpenses(tx, project.id);
        if (!pending.length) throw conflict(M.nothingToBill);
        const contactId = request.body.contactId ?? agreement?.contactId ?? null;
        const contact = contactId && isId(contactId) ? await findContactOfFirm(tx, firm.firmId, contactId) : undefined;
        if (!contact?.isClient) throw conflict(contactId ? M.notAClient : M.clientRequired);
        const sac = serviceSacOf(firmUser?.firmType ?? null, (agreement?.workKind as WorkKind | undefined) ?? null);
        const lines = pending.map(({ expense: e }) => ({ description: lineText(e), hsnSac: sac, unit: 'NA', sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: billedAmountOf(e.amount, e.markupBp), discount: 0, rateBp: ARCHITECTURE_GST_BP } }));
        const supply = supplyKind(profile.state, contact.state);
        const { stored, totals } = priceLines(lines, supply);
        const invoice = await insertInvoice(
          tx,
          { issuerId: firm.firmId, firmId: firm.firmId, kind: 'invoice', contactId: contact.id, projectId: project.id, status: 'draft', supply, placeOfSupply: placeOfSupply(contact.state), notes: '', reminderDays: null, createdBy: actorId },
          totals,
          stored,
        );
        await markExpensesBilled(
          tx,
          pending.map((p) => p.expense.id),
          invoice.id,
        );
        const amount = lines.reduce((sum, l) => sum + l.input.unitPrice, 0);
        await recordAudit(tx, { actorId, firmId: firm.firmId, action: 'expenses.billed', targetType: 'invoice', targetId: invoice.id, details: { amount, expenses: pending.length } });
        return { invoiceId: invoice.id, amount };
      });
      return reply.status(201).send({ message: M.billed_, data: result });
    },
  });
};
