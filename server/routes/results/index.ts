import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireFirmAccess } from '../../auth/firm.js';
import { canSeeMargins } from '../../auth/margins.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { isoDay, zoneOf } from '../../contract/dates.js';
import { resultOperations as ops } from '../../contract/results.js';
import { forbidden } from '../../errors.js';
import { projectResult } from '../../money/project-result.js';
import { sumPaise } from '../../money/totals.js';
import { resultInputs, workspaceProjectsOf, type ResultInputs } from '../../queries/results.js';
import { routeOf } from '../declared.js';

/**
 * What each project really made (docs/decisions/378), scope `workspace`. A project's result is
 * seen by whoever works on it and may see financials (the firm, its sub-admins, employees granted
 * "Can see financials"); a plain employee gets 403, their own time being on the Time tab. The list
 * of every project belongs to the Financial overview: the firm and its sub-admins.
 */

export const RESULT_FORBIDDEN = 'Only the firm, its sub-admins and employees allowed to see financials can see what a project made';

const thisMonthOf = (request: FastifyRequest) => isoDay(new Date(), zoneOf({ timeZone: request.session.employer?.timeZone ?? request.session.user.timeZone })).slice(0, 7);

const figuresOf = (inputs: ResultInputs, projectId: string, thisMonth: string) => {
  const agreement = inputs.agreements.get(projectId) ?? null;
  return projectResult({
    agreement,
    stageNames: agreement?.stages ?? [],
    time: inputs.time.get(projectId) ?? [],
    expenses: inputs.expenses.get(projectId) ?? [],
    money: inputs.money.get(projectId) ?? [],
    thisMonth,
  });
};

export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.project),
    handler: async (request) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      if (!canSeeMargins(request.session.user)) throw forbidden(RESULT_FORBIDDEN);
      const inputs = await resultInputs(db, firm.firmId, [project.id]);
      return { data: { project: { id: project.id, projectName: project.projectName }, ...figuresOf(inputs, project.id, thisMonthOf(request)) } };
    },
  });

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const list = await workspaceProjectsOf(db, firm.firmId);
      const inputs = await resultInputs(
        db,
        firm.firmId,
        list.map((p) => p.id),
      );
      const thisMonth = thisMonthOf(request);
      const rows = list.map((p) => {
        const { stages: _stages, months: _months, ...figures } = figuresOf(inputs, p.id, thisMonth);
        return { projectId: p.id, projectName: p.projectName, ...figures };
      });
      const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
      return {
        data: {
          rows,
          totals: { billed: total((r) => r.billed), received: sumPaise(rows.map((r) => r.received)), minutes: total((r) => r.minutes), timeCost: sumPaise(rows.map((r) => r.timeCost)), expenses: sumPaise(rows.map((r) => r.expenses)), result: total((r) => r.result) },
        },
      };
    },
  });
};
