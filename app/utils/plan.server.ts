import { getPlan } from '~/models/plan.server';
import { ApiError } from './api.server';
import type { SessionUser } from './session.server';
import type { PlanReply } from '../../server/contract/subscription';
import { isFirmRole } from '../../server/contract/vocabulary';

export type WebPlan = PlanReply['data'];

/**
 * The firm's plan for the root loader (docs/decisions/125): asked of the api on each page of a firm
 * account or an employee (one small query), null for anyone else. An api failure only hides the
 * plan's badge: it never fails the page.
 */
export async function loadPlan(request: Request, user: SessionUser | null): Promise<WebPlan | null> {
  if (!user || (!isFirmRole(user.role) && user.role !== 'employee')) return null;
  try {
    return (await getPlan(request)).data;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
