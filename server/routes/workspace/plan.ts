import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { ErrorReply } from '../../contract/http.js';
import { PlanReply, TRIAL_ALREADY_USED } from '../../contract/subscription.js';
import { conflict } from '../../errors.js';
import { findSubscription, planOf, requestSubscription, startTrial, type SubscriptionRow } from '../../queries/subscriptions.js';

/**
 * The firm's plan (workspace-and-admin.md screen 8; DESIGN.md section 9, scope `workspace`): every
 * member of the firm sees it; the firm and its sub-admins start the trial and ask to subscribe.
 */
export const workspacePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const reply = (row: SubscriptionRow | undefined, canManage: boolean, message?: string) => ({
    data: { ...planOf(row), canManage },
    ...(message ? { message } : {}),
  });

  app.get(
    '/workspace/plan',
    { schema: { tags: ['workspace'], response: { 200: PlanReply } } },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      return reply(await findSubscription(db, firm.firmId), firm.canManage);
    },
  );

  app.post(
    '/workspace/plan/trial',
    {
      schema: {
        tags: ['workspace'],
        summary: "Starts the firm's 30-day free trial (once per firm: 409 afterwards)",
        response: { 200: PlanReply, 409: ErrorReply },
      },
    },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const row = await startTrial(db, firm.firmId, request.session.user.id);
      if (!row) throw conflict(TRIAL_ALREADY_USED);
      return reply(row, true, 'Your 30-day free trial has started');
    },
  );

  app.post(
    '/workspace/plan/request',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Records a subscription request (Continue) for the super-admin to mark paid',
        response: { 200: PlanReply },
      },
    },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const row = await requestSubscription(db, firm.firmId, request.session.user.id);
      return reply(row, true, 'Thank you: your subscription request is recorded. We will confirm it once it is paid.');
    },
  );
};
