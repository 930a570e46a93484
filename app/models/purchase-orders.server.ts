import { api } from '~/utils/api.server';
import type { MessageReply } from '../../server/contract/http';
import type { ProposalReply } from '../../server/contract/proposal';
import type { CandidatesReply, NewPurchaseOrderBody, PurchaseOrderListReply, PurchaseOrderPrintReply, PurchaseOrderReply, ReceiveBody } from '../../server/contract/purchase-orders';

/**
 * The web's calls of the money documents of a schedule (docs/decisions/285,
 * 286): the client proposal and purchase orders. The only place their api paths are written.
 */

const order = (id: string) => `/purchase-orders/${encodeURIComponent(id)}`;

/** The client proposal of a schedule's chosen sections (none = all not rejected). */
export const getProposal = (request: Request, scheduleId: string, sections: readonly string[]) =>
  api<ProposalReply>(request, `/proposals/schedules/${encodeURIComponent(scheduleId)}`, { query: { sections: sections.join(',') } });

export const listPurchaseOrders = async (request: Request, projectId: string) => (await api<PurchaseOrderListReply>(request, '/purchase-orders', { query: { projectId } })).data;

export const getOrderCandidates = async (request: Request, projectId: string, scheduleId: string | null) =>
  (await api<CandidatesReply>(request, '/purchase-orders/candidates', { query: { projectId, scheduleId } })).data;

export const raisePurchaseOrder = (request: Request, body: NewPurchaseOrderBody) => api<PurchaseOrderReply & { message: string }>(request, '/purchase-orders', { method: 'POST', json: body });

export const getPurchaseOrder = async (request: Request, id: string) => (await api<PurchaseOrderReply>(request, order(id))).data;

export const getPurchaseOrderPrint = async (request: Request, id: string) => (await api<PurchaseOrderPrintReply>(request, `${order(id)}/print`)).data;

export const changePurchaseOrder = (request: Request, id: string, action: 'acknowledge' | 'cancel') => api<MessageReply>(request, `${order(id)}/${action}`, { method: 'POST', json: {} });

export const receivePurchaseOrder = (request: Request, id: string, body: ReceiveBody) => api<MessageReply>(request, `${order(id)}/receive`, { method: 'POST', json: body });

export const mailPurchaseOrder = (request: Request, id: string, pdf: Buffer) => api<MessageReply>(request, `${order(id)}/mail`, { method: 'POST', json: { pdf: pdf.toString('base64') } });
