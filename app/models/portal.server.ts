import { call, fetchOperation, forwardedFor, streamApiFile } from '~/utils/api.server';
import { fillPath } from '../../server/contract/operation';
import { proofHeaders } from '~/utils/client-proof.server';
import { portalOperations as ops, type CodeChannel, type PaymentNoteBody, type PaymentNotesQuery } from '../../server/contract/portal';
import type { z } from 'zod/v4';
import { feeProposalOperations as feeOps } from '../../server/contract/fee-proposals';

/**
 * The web's calls of client portals (docs/decisions/390–392), each by its declaration. The client's
 * are made on no one's behalf (the portal's token is the key) with the browser's proofs; the
 * firm's on behalf of the signed-in visitor.
 */

async function asClient(request: Request) {
  return { forwardedFor: forwardedFor(request), headers: await proofHeaders(request), signal: request.signal };
}

export const getPortal = async (request: Request, token: string) => (await fetchOperation(ops.overview, { params: { token } }, await asClient(request))).data;
export const askPortalCode = async (request: Request, token: string, channel: CodeChannel = 'mail') => fetchOperation(ops.askCode, { params: { token }, query: { channel } }, await asClient(request));
export const provePortal = async (request: Request, token: string, code: string) => fetchOperation(ops.prove, { params: { token }, json: { code } }, await asClient(request));
export const getPortalInvoice = async (request: Request, token: string, invoiceId: string, upiAmount?: number) =>
  (await fetchOperation(ops.invoice, { params: { token, invoiceId }, query: upiAmount ? { upiAmount } : {} }, await asClient(request))).data;
export const getPortalReceipt = async (request: Request, token: string, invoiceId: string, paymentId: string) =>
  (await fetchOperation(ops.receipt, { params: { token, invoiceId, paymentId } }, await asClient(request))).data;
export const notePayment = async (request: Request, token: string, invoiceId: string, json: PaymentNoteBody) => fetchOperation(ops.notePayment, { params: { token, invoiceId }, json }, await asClient(request));

export const getPortalFeeProposal = async (request: Request, token: string, proposalId: string) => (await fetchOperation(feeOps.read, { params: { token, proposalId } }, await asClient(request))).data;
export const acceptFeeProposal = async (request: Request, token: string, proposalId: string) => fetchOperation(feeOps.accept, { params: { token, proposalId }, json: {} }, await asClient(request));
export const declineFeeProposal = async (request: Request, token: string, proposalId: string, reason: string) => fetchOperation(feeOps.decline, { params: { token, proposalId }, json: { reason } }, await asClient(request));

export const getContactPortal = async (request: Request, id: string) => (await call(request, ops.ofContact, { params: { id } })).data;
export const openPortal = (request: Request, id: string) => call(request, ops.open, { params: { id } });
export const revokePortal = (request: Request, id: string) => call(request, ops.revoke, { params: { id } });
export const mailPortal = (request: Request, id: string) => call(request, ops.mail, { params: { id } });
export const sharePortalSchedule = (request: Request, id: string, scheduleId: string) => call(request, ops.shareSchedule, { params: { id }, json: { scheduleId } });
export const sharePortalFile = (request: Request, id: string, fileId: string) => call(request, ops.shareFile, { params: { id }, json: { fileId } });
export const unsharePortalFile = (request: Request, id: string, fileId: string) => call(request, ops.unshareFile, { params: { id, fileId } });
/** A shared file's bytes for the client, streamed through with the browser's proofs (docs/decisions/422). */
export const streamPortalFile = async (request: Request, token: string, fileId: string) =>
  streamApiFile(request, fillPath(ops.file.path, { token, fileId }), { token: '', headers: await proofHeaders(request) });
export const getPaymentNotes = async (request: Request, query: z.input<typeof PaymentNotesQuery>) => (await call(request, ops.notes, { query })).data;
export const confirmPaymentNote = (request: Request, id: string) => call(request, ops.confirmNote, { params: { id }, json: {} });
export const declinePaymentNote = (request: Request, id: string, reason: string) => call(request, ops.declineNote, { params: { id }, json: { reason } });
