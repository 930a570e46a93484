import { openE2EDatabase } from './database';
import { createSummaryTree, type TreeRoom } from '../../server/seed/summary-tree';
import { scheduleImageFolder } from '../../server/services/schedule-images';
import { E2E } from './env';
import { firmWithProject, scheduleThroughApi } from './schedule-helpers';
import { photoFile } from './workspace-helpers';

/**
 * Helpers of the summary-output journeys (PDF, Client Board, the client's page, Financial): a firm
 * with a project and a schedule whose summary (two rooms, sections, one item of each type) is
 * written straight into the end-to-end database, as the editor would have saved it.
 */

export const LONG_DESCRIPTION = 'Solid teak frame with a hand-woven cane back and seat, natural oil finish';

export async function writeSummary(scheduleId: string, firmId: string, rooms: TreeRoom[]) {
  const database = await openE2EDatabase();
  try {
    return await createSummaryTree(database.db, { scheduleId, firmId }, rooms);
  } finally {
    await database.close();
  }
}

/** A firm, its project "Juhu Residence" and schedule "Living and dining" with a summary of two rooms. */
export async function firmWithSummary() {
  const { firm, project } = await firmWithProject({ projectName: 'Juhu Residence' });
  const picture = await photoFile('chair.jpg', '#8a5a44');
  const schedule = await scheduleThroughApi(firm.token, project.id, { title: 'Living and dining', description: 'Furniture, lighting and finishes.', images: [picture.buffer] });
  // An item image: uploaded for the project, then listed by the item (as the editor's picker does).
  const upload = new FormData();
  upload.append('projectId', project.id);
  upload.append('files', new Blob([new Uint8Array(picture.buffer)], { type: 'image/jpeg' }), 'chair.jpg');
  const res = await fetch(`${E2E.apiURL}/api/projects/schedules/upload-file`, { method: 'POST', body: upload, headers: { authorization: `Bearer ${firm.token}` } });
  const imageId = ((await res.json()) as { images: Array<{ id: string }> }).images[0]!.id;
  const tree = await writeSummary(schedule.id, firm.user.id, [
    {
      name: 'Living room',
      sections: [
        {
          title: 'Seating',
          items: [
            { type: 'product', title: 'Cane armchair', description: LONG_DESCRIPTION, retailPrice: 4_500_000, tradePrice: 3_000_000, quantity: 2, discountBp: 1000, images: [scheduleImageFolder(project.id, imageId)] },
            { type: 'financial', title: 'Upholstery labour', retailPrice: 1_200_000, tradePrice: 800_000 },
          ],
        },
        { title: 'Lighting', items: [{ type: 'description', description: 'Warm white (2700K) throughout, dimmable.' }] },
      ],
    },
    { name: 'Dining', sections: [{ title: 'Table', items: [{ type: 'title', title: 'Top', description: 'Walnut, 40 mm', title1: 'Base', description1: 'Blackened steel' }] }] },
  ]);
  return { firm, project, schedule, tree };
}
