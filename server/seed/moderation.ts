import type { AppContext } from '../context.js';
import { setProjectHidden } from '../queries/moderation.js';
import { createPublicProject } from './factories.js';
import { placeholderSvg, scenesForType } from './placeholder-images.js';

/**
 * Showcase moderation in the demo: one more public project of a demo firm,
 * hidden by the super-admin with a reason and its audit line, so the admin's Showcase page shows a
 * hidden project from the first start. It is an extra project: the public gallery keeps the same
 * projects and counts as before (explore tests count them).
 */

export const DEMO_HIDDEN_PROJECT = {
  firmEmail: 'atelier@demo.test',
  projectName: 'Lakeside Boathouse',
  reason: 'Photographs used without the photographer’s permission; waiting for the firm to send its own.',
} as const;

export async function seedDemoModeration(ctx: Pick<AppContext, 'db' | 'storage'>, firms: Array<{ id: string; email: string }>, adminId: string) {
  const firm = firms.find((f) => f.email === DEMO_HIDDEN_PROJECT.firmEmail);
  if (!firm) return null;
  const projectType = 'landscape-urban';
  const scenes = scenesForType(projectType);
  const project = await createPublicProject(ctx, firm.id, {
    projectName: DEMO_HIDDEN_PROJECT.projectName,
    projectType,
    projectLocation: 'Bhimtal',
    area: 420,
    year: 2020,
    state: 'Uttarakhand',
    city: 'Nainital',
    description: 'A timber boathouse and jetty on the lake shore, with a reading room above the boats.',
    teams: [{ name: 'Nina Rao', role: 'Architect' }],
    effort: 1,
    // Two small pictures: the admin list shows none, and the first start stays quick.
    images: [0, 1].map((i) => placeholderSvg({ scene: scenes[i % scenes.length]!, seed: 900 + i, width: 960, height: 600 })),
  });
  await setProjectHidden(ctx.db, { id: project.id, firmId: firm.id, projectName: project.projectName }, { adminId, hidden: true, reason: DEMO_HIDDEN_PROJECT.reason });
  return project;
}
