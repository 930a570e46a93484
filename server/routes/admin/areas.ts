import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFirmsQuery,
  AdminFirmsReply,
  MarkPaidBody,
  ModerationFirmsReply,
  ModerationProjectsReply,
  ModerationQuery,
  VisibilityBody,
} from '../../contract/admin-areas.js';
import { ErrorReply, IdParams, isId, MessageReply } from '../../contract/http.js';
import { formatCalendarDay } from '../../contract/dates.js';
import { Plan } from '../../contract/subscription.js';
import { notFound } from '../../errors.js';
import { findModeratedProject, moderationFirmsPage, moderationProjectsPage, setPortfolioHidden, setProjectHidden } from '../../queries/moderation.js';
import { adminFirmsPage, findFirmForPlan, planOf } from '../../queries/subscriptions.js';
import { markPaidWithReceipt } from '../../services/subscription-invoices.js';
import { z } from 'zod/v4';

/**
 * The super-admin's Workspace and Showcase areas (scope `admin`): firms with their
 * plans and marking one paid; hiding and showing public projects and whole portfolios.
 */
export const adminAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.ctx;

  app.get(
    '/admin/firms',
    { schema: { tags: ['admin'], summary: 'Firm accounts with their trial and subscription, open requests first', querystring: AdminFirmsQuery, response: { 200: AdminFirmsReply } } },
    async (request) => ({ data: await adminFirmsPage(db, request.query) }),
  );

  app.put(
    '/admin/firms/:id/subscription',
    {
      schema: {
        tags: ['admin'],
        summary: "Marks a firm's subscription paid until a date (the end of that UTC day)",
        params: IdParams,
        body: MarkPaidBody,
        response: { 200: z.object({ message: z.string(), data: Plan }), 404: ErrorReply },
      },
    },
    async (request) => {
      const firm = isId(request.params.id) ? await findFirmForPlan(db, request.params.id) : undefined;
      if (!firm) throw notFound('Firm not found');
      const paid = await markPaidWithReceipt(db, firm.id, request.session.user.id, request.body);
      const until = formatCalendarDay(request.body.paidUntil);
      const receipt = paid.payment && paid.invoice ? `Receipt ${paid.payment.receiptNumber} for invoice ${paid.invoice.number}` : null;
      app.ctx.background.defer('plan paid mail', () =>
        mailer.send({
          to: firm.email,
          subject: `Your ${config.PRODUCT_NAME} subscription is active`,
          text:
            `Hello ${firm.userName},\n\nThe subscription of ${firm.firmName ?? 'your firm'} is paid until ${until}. Thank you.\n\n` +
            (receipt ? `${receipt} is ready on your Pricing page: ${config.PUBLIC_URL}/workspace/pricing\n\n` : '') +
            `Your workspace: ${config.PUBLIC_URL}/workspace/project`,
        }),
      );
      const name = firm.firmName ?? firm.userName;
      return { message: receipt ? `${name} is paid until ${until}. ${receipt} is recorded.` : `${name} is paid until ${until}`, data: planOf(paid.subscription) };
    },
  );

  app.get(
    '/admin/showcase/projects',
    { schema: { tags: ['admin'], summary: 'Public projects with their moderation state', querystring: ModerationQuery, response: { 200: ModerationProjectsReply } } },
    async (request) => ({ data: await moderationProjectsPage(db, request.query) }),
  );

  app.get(
    '/admin/showcase/firms',
    { schema: { tags: ['admin'], summary: 'Firm portfolios with their moderation state', querystring: ModerationQuery, response: { 200: ModerationFirmsReply } } },
    async (request) => ({ data: await moderationFirmsPage(db, request.query) }),
  );

  app.put(
    '/admin/showcase/projects/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hides a public project (with a reason) or shows it again; audit-logged',
        params: IdParams,
        body: VisibilityBody,
        response: { 200: MessageReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const project = isId(request.params.id) ? await findModeratedProject(db, request.params.id) : undefined;
      if (!project) throw notFound('Project not found');
      const { hidden, reason } = request.body;
      const changed = await setProjectHidden(db, project, { adminId: request.session.user.id, hidden, reason: reason || null });
      const name = `"${project.projectName}"`;
      if (!changed) return { message: hidden ? `${name} is hidden` : `${name} is already shown` };
      // The firm is told why its project left the public side; its portfolio card says so too.
      if (hidden) {
        app.ctx.background.defer('project hidden mail', () =>
          mailer.send({
            to: project.firmEmail,
            subject: `Your project ${name} is hidden from the public`,
            text:
              `Hello ${project.firmUserName},\n\nThe ${config.PRODUCT_NAME} team has hidden your project ${name} from the public pages.\n\nReason: ${reason}\n\n` +
              `Edit the project or reply to this mail, and we will look at it again. Your portfolio: ${config.PUBLIC_URL}/portfolio`,
          }),
        );
      }
      return { message: hidden ? `${name} is hidden from the public` : `${name} is shown again` };
    },
  );

  app.put(
    '/admin/showcase/firms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Hides a firm's whole public portfolio (with a reason) or shows it again; audit-logged",
        params: IdParams,
        body: VisibilityBody,
        response: { 200: MessageReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const firm = isId(request.params.id) ? await findFirmForPlan(db, request.params.id) : undefined;
      if (!firm) throw notFound('Firm not found');
      const { hidden, reason } = request.body;
      const name = firm.firmName ?? firm.userName;
      const changed = await setPortfolioHidden(db, { id: firm.id, name }, { adminId: request.session.user.id, hidden, reason: reason || null });
      if (!changed) return { message: hidden ? `${name}'s portfolio is hidden` : `${name}'s portfolio is already shown` };
      return { message: hidden ? `${name}'s portfolio is hidden from the public` : `${name}'s portfolio is shown again` };
    },
  );
};
