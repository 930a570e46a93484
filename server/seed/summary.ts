import { wholeQuantity } from '../contract/quantity.js';
import type { AppContext } from '../context.js';
import type { SummaryItemType, SummaryStatus } from '../contract/summary-rules.js';
import { listSchedules } from '../queries/schedules.js';
import { insertCard, insertItem, insertItemImages, insertRoom, insertSection, updateItem, updateSection } from '../queries/summary.js';
import { claimUploads } from '../queries/pending-uploads.js';
import { SCHEDULE_IMAGE_KIND, uploadScheduleImage, type UploadedScheduleImage } from '../services/schedule-images.js';
import { placeholderImage } from './placeholder-images.js';

/**
 * The demo summaries: each demo firm's first schedule (of its first workspace project)
 * gets two rooms with sections in every status and items of each type with figures, so the editor,
 * the financial tab and the PDF have something real to show.
 */

type DemoItem = { type: SummaryItemType; title?: string; description?: string; title1?: string; description1?: string; retail?: number; trade?: number; quantity?: number; discount?: number; image?: boolean };
type DemoSection = { title: string; status: SummaryStatus; items: DemoItem[]; cards?: Array<{ title: string; description: string }> };
type DemoRoom = { name: string; sections: DemoSection[] };

/** Rupees to paise. */
const rs = (rupees: number) => Math.round(rupees * 100);

const PLAN: DemoRoom[] = [
  {
    name: 'Living room',
    sections: [
      {
        title: 'Seating',
        status: 'approved',
        cards: [
          { title: 'Upholstery', description: 'Performance linen, oatmeal' },
          { title: 'Legs', description: 'Solid teak, oiled' },
        ],
        items: [
          { type: 'product', title: 'Three-seater sofa', description: 'Deep seat, feather-wrapped cushions, removable covers.', retail: 185000, trade: 132000, quantity: 1, discount: 5, image: true },
          { type: 'product', title: 'Lounge armchair', description: 'Cane back with a teak frame.', retail: 42000, trade: 29500, quantity: 2, image: true },
          { type: 'description', description: 'Arrange the sofa facing the garden window; armchairs angled towards the fireplace.' },
          { type: 'financial', title: 'Upholstery labour', description: 'On-site fitting of covers', retail: 18000, trade: 12000, quantity: 1 },
        ],
      },
      {
        title: 'Lighting',
        status: 'in_review',
        items: [
          { type: 'title', title: 'Ambient', description: 'Cove LED strips, 2700 K, dimmable', title1: 'Accent', description1: 'Two brass picture lights over the shelving' },
          { type: 'product', title: 'Arc floor lamp', description: 'Marble base, linen shade.', retail: 36500, trade: 24800, quantity: 1, discount: 10, image: true },
          { type: 'financial', title: 'Electrical work', description: 'Cove wiring and dimmers', retail: 26000, trade: 21000, quantity: 1 },
        ],
      },
      {
        title: 'Rugs and soft furnishing',
        status: 'none',
        items: [
          { type: 'product', title: 'Hand-knotted wool rug', description: '240 × 300 cm, ivory and rust.', retail: 96000, trade: 61000, quantity: 1 },
          { type: 'description', description: 'Curtains to be confirmed after the paint samples dry.' },
        ],
      },
    ],
  },
  {
    name: 'Kitchen',
    sections: [
      {
        title: 'Worktops and splashback',
        status: 'rejected',
        cards: [{ title: 'Edge', description: '20 mm eased' }],
        items: [
          { type: 'product', title: 'Quartz worktop', description: 'Calacatta-look quartz, 20 mm, per running metre.', retail: 14500, trade: 9800, quantity: 6, image: true },
          { type: 'title', title: 'Splashback', description: 'Handmade zellige tiles, sage green', title1: 'Grout', description1: 'Warm grey, 2 mm joints' },
          { type: 'financial', title: 'Installation', description: 'Template, cut-outs and fitting', retail: 32000, trade: 26000, quantity: 1, discount: 0 },
        ],
      },
      {
        title: 'Appliances',
        status: 'approved',
        items: [
          { type: 'product', title: 'Induction hob', description: 'Four zones with bridge function.', retail: 68000, trade: 54000, quantity: 1, discount: 3 },
          { type: 'product', title: 'Built-in oven', description: 'Steam assist, 71 litres.', retail: 89000, trade: 70500, quantity: 1 },
        ],
      },
    ],
  },
];

/** Summaries for the first schedule of each firm's first project; answers how many were made. */
export async function seedDemoSummaries(ctx: Pick<AppContext, 'db' | 'storage'>, projects: ReadonlyArray<{ id: string; userId: string }>): Promise<number> {
  const firstProjects = new Map<string, { id: string; userId: string }>();
  for (const project of projects) if (!firstProjects.has(project.userId)) firstProjects.set(project.userId, project);
  let made = 0;
  for (const [seed, project] of [...firstProjects.values()].entries()) {
    const [schedule] = await listSchedules(ctx.db, project.id);
    if (!schedule) continue;
    // Pictures first (outside the transaction): processed like any upload, claimed by the items.
    const pictures: UploadedScheduleImage[] = [];
    for (let i = 0; i < PLAN.flatMap((r) => r.sections.flatMap((s) => s.items)).filter((i) => i.image).length; i += 1) {
      const picture = await placeholderImage({ scene: 'interior', seed: 100 + seed * 10 + i, width: 800, height: 600 });
      pictures.push(await uploadScheduleImage(ctx, project.userId, project.id, picture, { effort: 0 }));
    }
    await ctx.db.transaction(async (tx) => {
      await claimUploads(tx, project.userId, SCHEDULE_IMAGE_KIND, pictures.map((p) => p.upload.id));
      const scope = { scheduleId: schedule.id, firmId: project.userId };
      let picture = 0;
      for (const room of PLAN) {
        const roomRow = await insertRoom(tx, scope, room.name);
        for (const section of room.sections) {
          const sectionRow = await insertSection(tx, scope, roomRow.id, section.title);
          await updateSection(tx, sectionRow.id, project.userId, { status: section.status }, sectionRow.version);
          for (const card of section.cards ?? []) await insertCard(tx, scope, sectionRow.id, card);
          for (const item of section.items) {
            const row = await insertItem(tx, scope, sectionRow.id, item.type);
            await updateItem(tx, project.id, row.id, project.userId, {
              ...(item.title !== undefined ? { title: item.title } : {}),
              ...(item.description !== undefined ? { description: item.description } : {}),
              ...(item.title1 !== undefined ? { title1: item.title1 } : {}),
              ...(item.description1 !== undefined ? { description1: item.description1 } : {}),
              retailPrice: rs(item.retail ?? 0),
              tradePrice: rs(item.trade ?? 0),
              quantityMilli: wholeQuantity(item.quantity ?? 1),
              discountBp: Math.round((item.discount ?? 0) * 100),
            }, row.version);
            if (item.image) await insertItemImages(tx, scope, row.id, [pictures[picture++]!.folder]);
          }
        }
      }
    });
    made += 1;
  }
  return made;
}
