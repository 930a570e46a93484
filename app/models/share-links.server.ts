import { proofHeaders } from '~/utils/client-proof.server';
import { call, fetchOperation, forwardedFor } from '~/utils/api.server';
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
