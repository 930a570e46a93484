import { proofHeaders } from '~/utils/client-proof.server';
import { call, fetchOperation, forwardedFor } from '~/utils/api.server';
import { clientDecisionOperations as decisionOps } from '../../server/contract/client-decisions';
import { shareLinkOperations as ops, type ClientDecisionInput, type CreateShareLinkInput } from '../../server/contract/share-links';

/**
 * The api calls of client approval links (docs/decisions/106), by their declarations
 * (server/contract/share-links.ts, docs/decisions/370): the firm's (with the session) and the
 * client's (no account: the token in the path is the key).
 */

export const getClientBoard = (request: Request) => call(request, ops.board, {});

/** The sidebar's count of unread client decisions (docs/decisions/295). */
export const getClientBoardUnread = (request: Request) => call(request, ops.unread, {});

/** Marks these decisions read, or every unread one the viewer sees. */
export const markDecisionsRead = (request: Request, ids?: string[]) => call(request, ops.markRead, { json: ids ? { ids } : {} });

/** An open link's address again (docs/decisions/296). */
export const getShareLinkAddress = (request: Request, id: string) => call(request, ops.address, { params: { id } });

export const createShareLink = (request: Request, scheduleId: string, body: CreateShareLinkInput) => call(request, ops.create, { params: { scheduleId }, json: body });

export const revokeShareLink = (request: Request, id: string) => call(request, ops.revoke, { params: { id } });

/** The client's view: never the visitor's session token (the link alone gives access). */
/** With the browser's proofs: a link shared through a client portal asks for one to decide (docs/decisions/391). */
export const getSharedSummary = async (request: Request, token: string) =>
  fetchOperation(ops.summary, { params: { token } }, { forwardedFor: forwardedFor(request), headers: await proofHeaders(request) });

export const decideSection = async (request: Request, token: string, sectionId: string, body: ClientDecisionInput) =>
  fetchOperation(ops.decide, { params: { token, sectionId }, json: body }, { forwardedFor: forwardedFor(request), headers: await proofHeaders(request) });

/** The client's decision on one item (docs/decisions/412), with the browser's proofs like a section's. */
export const decideItem = async (request: Request, token: string, itemId: string, json: ClientDecisionInput) =>
  fetchOperation(decisionOps.decideItem, { params: { token, itemId }, json }, { forwardedFor: forwardedFor(request), headers: await proofHeaders(request), signal: request.signal });

/** A project's dated decision log (docs/decisions/413): the firm's side, with the Client Board's access. */
export const getDecisionLog = async (request: Request, projectId: string) => (await call(request, decisionOps.log, { params: { projectId } })).data;
