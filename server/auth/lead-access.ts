import { isId } from '../contract/http.js';
import { LEAD_MESSAGES } from '../contract/leads-rules.js';
import type { Database } from '../db/connection.js';
import { notFound } from '../errors.js';
import { findLead, type LeadRow } from '../queries/leads.js';
import { requireFirmAccess, type FirmMembership } from './firm.js';
import type { Session } from './session.js';

/**
 * Access to the demand box (DESIGN.md section 9: the firm and its sub-admins manage its leads;
 * docs/decisions/122). A plain employee answers 403 before any id is looked at; a malformed or
 * unknown id and another firm's lead answer the same 404, so nobody learns which ids exist.
 */
export function requireDemandBox(session: Session): FirmMembership {
  return requireFirmAccess(session.user, 'manage');
}

export async function requireLeadAccess(db: Database, session: Session, leadId: string): Promise<{ firm: FirmMembership; lead: LeadRow }> {
  const firm = requireDemandBox(session);
  const lead = isId(leadId) ? await findLead(db, leadId) : undefined;
  if (!lead || lead.firmId !== firm.firmId) throw notFound(LEAD_MESSAGES.notFound);
  return { firm, lead };
}
