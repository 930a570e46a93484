import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { insertSchedule } from '../queries/schedules.js';
import { claimUploads } from '../queries/pending-uploads.js';
import { SCHEDULE_IMAGE_KIND, uploadScheduleImage, type UploadedScheduleImage } from '../services/schedule-images.js';
import { placeholderImage, type PlaceholderScene } from './placeholder-images.js';

/**
 * The demo schedules: two or three schedules for each demo workspace project,
 * with generated pictures processed through the real pipeline (private WebP variants), dated over
 * the last weeks so the cards show different days.
 */

type DemoSchedule = { title: string; description: string; scenes: PlaceholderScene[]; daysAgo: number; hour: number };

/** Homes. */
const INTERIOR_HOME: DemoSchedule[] = [
  {
    title: 'Living room finishes',
    description: 'Oak flooring in a natural oil finish, lime-plaster walls in warm white and linen curtains. Samples approved by the client on site.',
    scenes: ['interior', 'interior'],
    daysAgo: 18,
    hour: 10,
  },
  {
    title: 'Kitchen joinery',
    description: 'Handle-less cabinets in matt sage laminate, a honed quartz worktop and brushed-brass fittings. Installation after the electrical first fix.',
    scenes: ['interior'],
    daysAgo: 9,
    hour: 15,
  },
  {
    title: 'Lighting layout',
    description: 'Warm 2700 K downlights on dimmers, a linear pendant over the dining table and LED strips under the wall units.',
    scenes: ['interior', 'interior'],
    daysAgo: 2,
    hour: 12,
  },
];

/** Clinics, offices, shops: interiors people work in. */
const INTERIOR_WORK: DemoSchedule[] = [
  {
    title: 'Reception and waiting area',
    description: 'A Corian reception desk with an oak front, acoustic ceiling panels and a terrazzo floor; seating for twelve along the window.',
    scenes: ['interior', 'interior'],
    daysAgo: 16,
    hour: 11,
  },
  {
    title: 'Rooms and fittings',
    description: 'Laminate worktops, wall-hung storage, washable wall paint and power and data at every workplace.',
    scenes: ['interior'],
    daysAgo: 8,
    hour: 14,
  },
  {
    title: 'Lighting and signage',
    description: 'Linear LED lights at 4000 K over the work areas, warm downlights in the waiting area and wayfinding signs in brushed steel.',
    scenes: ['interior', 'interior'],
    daysAgo: 3,
    hour: 16,
  },
];

const ARCHITECTURE: DemoSchedule[] = [
  {
    title: 'Façade and windows',
    description: 'Exposed brick in English bond, teak window frames with double glazing and a deep concrete sunshade on the west side.',
    scenes: ['facade', 'facade'],
    daysAgo: 21,
    hour: 11,
  },
  {
    title: 'Structure and roof',
    description: 'An RCC frame with brick infill, a terrace garden over the top floor and a rainwater tank under the courtyard.',
    scenes: ['tower'],
    daysAgo: 12,
    hour: 10,
  },
  {
    title: 'Landscape and courtyard',
    description: 'Kota stone paving, a frangipani at the centre of the courtyard and native shrubs along the boundary wall.',
    scenes: ['landscape'],
    daysAgo: 6,
    hour: 16,
  },
];

/** The schedules that suit a project of this type. */
function planFor(projectType: string): DemoSchedule[] {
  if (projectType === 'interior-residential') return INTERIOR_HOME;
  if (projectType.startsWith('interior-')) return INTERIOR_WORK;
  return ARCHITECTURE;
}

const at = (daysAgo: number, hour: number) => {
  const date = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  // `hour` o'clock in India (UTC+5:30).
  date.setUTCHours(hour - 6, 30, 0, 0);
  return date;
};

/** Two or three schedules with images for each project; answers how many were made. */
export async function seedDemoSchedules(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  projects: ReadonlyArray<{ id: string; userId: string; projectType: string }>,
): Promise<number> {
  let made = 0;
  for (const [index, project] of projects.entries()) {
    for (const [n, schedule] of planFor(project.projectType).entries()) {
      const uploads: UploadedScheduleImage[] = [];
      for (const [i, scene] of schedule.scenes.entries()) {
        const picture = await placeholderImage({ scene, seed: index * 10 + n * 3 + i, width: 1000, height: 750 });
        // The seed's effort: quick WebP encoding, so the first start stays fast.
        uploads.push(await uploadScheduleImage(ctx, project.userId, project.id, picture, { effort: 0 }));
      }
      await ctx.db.transaction(async (tx) => {
        await claimUploads(tx, project.userId, SCHEDULE_IMAGE_KIND, uploads.map((u) => u.upload.id));
        const when = at(schedule.daysAgo, schedule.hour);
        await insertSchedule(tx, {
          id: newId(),
          projectId: project.id,
          userId: project.userId,
          title: schedule.title,
          description: schedule.description,
          images: uploads.map((u) => u.folder),
          createdAt: when,
          updatedAt: when,
        });
      });
      made += 1;
    }
  }
  return made;
}
