import { call } from '~/utils/api.server';
import { proposalOperations } from '../../server/contract/proposal';
import { purchaseOrderOperations as ops } from '../../server/contract/purchase-orders';
import type { NewPurchaseOrderBody, ReceiveBody } from '../../server/contract/purchase-orders';

/**
 * The web's calls of the money documents of a schedule (docs/decisions/285,
 * 286): the client proposal and purchase orders, each called by its declaration (docs/decisions/370).
 */

/** The client proposal of a schedule's chosen sections (none = all not rejected). */
export const getProposal = (request: Request, scheduleId: string, sections: readonly string[]) =>
  call(request, proposalOperations.get, { params: { scheduleId }, query: { sections: sections.join(',') } });

export const listPurchaseOrders = async (request: Request, projectId: string) => (await call(request, ops.list, { query: { projectId } })).data;

export const getOrderCandidates = async (request: Request, projectId: string, scheduleId: string | null) =>
  (await call(request, ops.candidates, { query: { projectId, scheduleId: scheduleId ?? undefined } })).data;

export const raisePurchaseOrder = (request: Request, body: NewPurchaseOrderBody) => call(request, ops.raise, { json: body });

export const getPurchaseOrder = async (request: Request, id: string) => (await call(request, ops.get, { params: { id } })).data;

export const getPurchaseOrderPrint = async (request: Request, id: string) => (await call(request, ops.print, { params: { id } })).data;

export const changePurchaseOrder = (request: Request, id: string, action: 'acknowledge' | 'cancel') => call(request, ops[action], { params: { id } });

export const receivePurchaseOrder = (request: Request, id: string, body: ReceiveBody) => call(request, ops.receive, { params: { id }, json: body });

export const mailPurchaseOrder = (request: Request, id: string, pdf: Buffer) => call(request, ops.mail, { params: { id }, json: { pdf: pdf.toString('base64') } });
