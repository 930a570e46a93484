import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAreaOperations as ops } from '../../contract/admin-areas.js';
import { isId } from '../../contract/http.js';
import { formatCalendarDay } from '../../contract/dates.js';
import { notFound } from '../../errors.js';
import { findModeratedProject, moderationFirmsPage, moderationProjectsPage, setPortfolioHidden, setProjectHidden } from '../../queries/moderation.js';
import { adminFirmsPage, findFirmForPlan, planOf } from '../../queries/subscriptions.js';
import { markPaidWithReceipt } from '../../services/subscription-invoices.js';
import { routeOf } from '../declared.js';

/**
 * The super-admin's Workspace and Showcase areas (scope `admin`): firms with their
 * plans and marking one paid; hiding and showing public projects and whole portfolios.
 */
export const adminAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.ctx;

  app.route({
    ...routeOf(ops.firms),
    handler: async (request) => ({ data: await adminFirmsPage(db, request.query) }),
  });

  app.route({
    ...routeOf(ops.markPaid),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(ops.moderationProjects),
    handler: async (request) => ({ data: await moderationProjectsPage(db, request.query) }),
  });

  app.route({
    ...routeOf(ops.moderationFirms),
    handler: async (request) => ({ data: await moderationFirmsPage(db, request.query) }),
  });

  app.route({
    ...routeOf(ops.projectVisibility),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(ops.portfolioVisibility),
    handler: async (request) => {
      const firm = isId(request.params.id) ? await findFirmForPlan(db, request.params.id) : undefined;
      if (!firm) throw notFound('Firm not found');
      const { hidden, reason } = request.body;
      const name = firm.firmName ?? firm.userName;
      const changed = await setPortfolioHidden(db, { id: firm.id, name }, { adminId: request.session.user.id, hidden, reason: reason || null });
      if (!changed) return { message: hidden ? `${name}'s portfolio is hidden` : `${name}'s portfolio is already shown` };
      return { message: hidden ? `${name}'s portfolio is hidden from the public` : `${name}'s portfolio is shown again` };
    },
  });
};
