import type { AppContext } from '../context.js';
import { demoElevationPng, demoPlanPdf, demoRenderJpeg, demoWalkthroughWebm } from './demo-files.js';
import { createFolder, createProjectFile } from './file-factories.js';

/**
 * The folders and files of one demo workspace project: "Drawings" with a PDF
 * plan and two pictures, "Site visits" with a short video, uploaded by `uploaderId` a few days
 * before `now` (so the lists show believable dates).
 */
export async function seedProjectFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  project: { id: string; projectName: string },
  uploaderId: string,
  options: { seed?: number; now?: Date } = {},
) {
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const by = { userId: uploaderId };

  const drawings = await createFolder(ctx.db, project.id, { ...by, folderName: 'Drawings', createdAt: daysAgo(12) });
  await createProjectFile(ctx, drawings, { ...by, fileName: 'Ground floor plan.pdf', data: demoPlanPdf(project.projectName), contentType: 'application/pdf', createdAt: daysAgo(12) });
  await createProjectFile(ctx, drawings, { ...by, fileName: 'Living room render.jpg', data: await demoRenderJpeg(seed), contentType: 'image/jpeg', createdAt: daysAgo(9) });
  await createProjectFile(ctx, drawings, { ...by, fileName: 'Street elevation.png', data: await demoElevationPng(seed + 1), contentType: 'image/png', createdAt: daysAgo(8) });

  const visits = await createFolder(ctx.db, project.id, { ...by, folderName: 'Site visits', createdAt: daysAgo(5) });
  await createProjectFile(ctx, visits, { ...by, fileName: 'Site walkthrough.webm', data: await demoWalkthroughWebm(), contentType: 'video/webm', createdAt: daysAgo(3) });
  return { folders: [drawings, visits] };
}
