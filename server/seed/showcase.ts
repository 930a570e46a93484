import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema/index.js';
import { storeAvatar } from '../services/images.js';
import { createPublicProject } from './factories.js';
import { placeholderAvatar, placeholderSvg, scenesForType } from './placeholder-images.js';

/**
 * The public side of the demo: for each demo firm a profile photo and 3 to 5 public projects of
 * different types with 4 to 8 generated pictures each, processed through the real image pipeline.
 */

type DemoProject = {
  projectName: string;
  projectType: string;
  projectLocation: string;
  area: number;
  year: number;
  state: string;
  city: string;
  description: string;
  architecture: Array<{ name: string; style: string }>;
  teams: Array<{ name: string; role: string }>;
  images: number;
};

const PROJECTS: Record<string, DemoProject[]> = {
  'studio@demo.test': [
    {
      projectName: 'Courtyard House',
      projectType: 'architecture-residential',
      projectLocation: 'Baner',
      area: 420,
      year: 2021,
      state: 'Maharashtra',
      city: 'Pune',
      description:
        'A family home of exposed brick arranged around a planted courtyard. Deep verandas shade the living rooms, and a stepped roof terrace catches the evening breeze from the hills.',
      architecture: [
        { name: 'Structure', style: 'Load-bearing brick' },
        { name: 'Roof', style: 'Terrace garden' },
      ],
      teams: [
        { name: 'Asha Mehta', role: 'Architect' },
        { name: 'Rohan Kulkarni', role: 'Engineer' },
      ],
      images: 6,
    },
    {
      projectName: 'Riverside Public Library',
      projectType: 'architecture-institutional',
      projectLocation: 'Aundh',
      area: 2600,
      year: 2019,
      state: 'Maharashtra',
      city: 'Pune',
      description:
        'A neighbourhood library that opens onto the river walk: reading rooms under a folded concrete roof, a children’s wing with its own garden and an evening study hall.',
      architecture: [{ name: 'Envelope', style: 'Fair-faced concrete and timber louvres' }],
      teams: [
        { name: 'Asha Mehta', role: 'Architect' },
        { name: 'Meera Joshi', role: 'Designer' },
        { name: 'Rohan Kulkarni', role: 'Engineer' },
      ],
      images: 5,
    },
    {
      projectName: 'Mula River Promenade',
      projectType: 'landscape-urban',
      projectLocation: 'Mula riverbank',
      area: 18000,
      year: 2023,
      state: 'Maharashtra',
      city: 'Pune',
      description:
        'Two kilometres of riverbank turned into a shaded promenade with native planting, rain gardens that hold the monsoon run-off, and steps down to the water.',
      architecture: [],
      teams: [
        { name: 'Asha Mehta', role: 'Architect' },
        { name: 'Sana Patel', role: 'Manager' },
      ],
      images: 4,
    },
    {
      projectName: 'Lonavla Hill Retreat',
      projectType: 'architecture-mixed-use',
      projectLocation: 'Tungarli',
      area: 1350,
      year: 2022,
      state: 'Maharashtra',
      city: 'Lonavla',
      description: 'A small hotel and studio workshop on a terraced slope, built in local basalt with wide overhangs for the monsoon.',
      architecture: [{ name: 'Walls', style: 'Basalt masonry' }],
      teams: [{ name: 'Asha Mehta', role: 'Architect' }],
      images: 5,
    },
  ],
  'interiors@demo.test': [
    {
      projectName: 'Indiranagar Co-working Floor',
      projectType: 'interior-commercial',
      projectLocation: '100 Feet Road',
      area: 900,
      year: 2022,
      state: 'Karnataka',
      city: 'Bengaluru',
      description: 'An open office floor for 120 people with quiet booths, a long kitchen table and acoustic ceilings of recycled felt.',
      architecture: [{ name: 'Ceiling', style: 'Felt baffles' }],
      teams: [{ name: 'Kabir Sethi', role: 'Designer' }],
      images: 6,
    },
    {
      projectName: 'Whitefield Family Clinic',
      projectType: 'interior-healthcare',
      projectLocation: 'Whitefield',
      area: 480,
      year: 2020,
      state: 'Karnataka',
      city: 'Bengaluru',
      description: 'A calm clinic for families: daylight in every consulting room, washable lime-plaster walls and a waiting room that feels like a living room.',
      architecture: [],
      teams: [
        { name: 'Kabir Sethi', role: 'Designer' },
        { name: 'Dr. Leela Rao', role: 'Manager' },
      ],
      images: 4,
    },
    {
      projectName: 'Mysuru Heritage Apartment',
      projectType: 'interior-residential',
      projectLocation: 'Lakshmipuram',
      area: 210,
      year: 2024,
      state: 'Karnataka',
      city: 'Mysuru',
      description: 'A 1930s apartment restored: the original red-oxide floors kept, a new kitchen in teak and cane, and storage built into the thick walls.',
      architecture: [{ name: 'Floors', style: 'Red oxide' }],
      teams: [{ name: 'Kabir Sethi', role: 'Designer' }],
      images: 5,
    },
  ],
  'atelier@demo.test': [
    {
      projectName: 'Terrace House',
      projectType: 'architecture-residential',
      projectLocation: 'Hauz Khas',
      area: 380,
      year: 2020,
      state: 'Delhi',
      city: 'New Delhi',
      description: 'A narrow-plot house that climbs to a roof garden; jaali screens of terracotta filter the sun and keep the street at a distance.',
      architecture: [{ name: 'Screens', style: 'Terracotta jaali' }],
      teams: [
        { name: 'Nina Rao', role: 'Architect' },
        { name: 'Dev Anand', role: 'Manager' },
      ],
      images: 8,
    },
    {
      projectName: 'Lodhi Colony Flat',
      projectType: 'interior-residential',
      projectLocation: 'Lodhi Colony',
      area: 160,
      year: 2023,
      state: 'Delhi',
      city: 'New Delhi',
      description: 'Interiors for a writer’s flat: book walls, a reading window seat and furniture drawn for the rooms.',
      architecture: [],
      teams: [{ name: 'Nina Rao', role: 'Designer' }],
      images: 4,
    },
    {
      projectName: 'Office Pavilion',
      projectType: 'architecture-commercial',
      projectLocation: 'Sector 29',
      area: 3100,
      year: 2018,
      state: 'Haryana',
      city: 'Gurgaon',
      description: 'A four-storey office around a stepped atrium, with a double skin on the west face and a rooftop canteen.',
      architecture: [{ name: 'Facade', style: 'Double skin, glass and stone' }],
      teams: [
        { name: 'Nina Rao', role: 'Architect' },
        { name: 'Dev Anand', role: 'Manager' },
        { name: 'Arjun Malhotra', role: 'Engineer' },
      ],
      images: 5,
    },
    {
      projectName: 'Jaipur Wellness Centre',
      projectType: 'architecture-healthcare',
      projectLocation: 'Malviya Nagar',
      area: 1500,
      year: 2021,
      state: 'Rajasthan',
      city: 'Jaipur',
      description: 'Therapy rooms around three shaded courts with step-well pools; sandstone walls keep the interiors cool through the summer.',
      architecture: [{ name: 'Walls', style: 'Sandstone' }],
      teams: [{ name: 'Nina Rao', role: 'Architect' }],
      images: 4,
    },
  ],
};

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** The profile photo and public projects of the demo firms (by email); firms without an entry get none. */
export async function seedShowcase(ctx: Pick<AppContext, 'db' | 'storage'>, firms: Array<{ id: string; email: string }>) {
  const tasks: Array<() => Promise<unknown>> = firms.map((firm, index) => async () => {
    const url = await storeAvatar(ctx.storage, firm.id, await placeholderAvatar(index));
    await ctx.db.update(users).set({ profileImage: url }).where(eq(users.id, firm.id));
  });
  // Interleaved by firm and dated a few days apart, so the gallery mixes firms and its order is stable.
  const lists = firms.map((firm) => (PROJECTS[firm.email] ?? []).map((project) => ({ firm, project })));
  const rounds = Math.max(0, ...lists.map((l) => l.length));
  const ordered = Array.from({ length: rounds }, (_, r) => lists.flatMap((l) => (l[r] ? [l[r]] : []))).flat();
  const now = Date.now();
  ordered.forEach(({ firm, project }, position) => {
    const { images, ...fields } = project;
    const scenes = scenesForType(project.projectType);
    const seed = position * 10;
    const dated = new Date(now - position * 3 * 24 * 60 * 60 * 1000);
    tasks.push(() =>
      createPublicProject(ctx, firm.id, {
        ...fields,
        country: 'India',
        createdAt: dated,
        updatedAt: dated,
        // Demo pictures are flat drawings: a low WebP effort keeps the first start quick.
        effort: 1,
        images: Array.from({ length: images }, (_, i) =>
          placeholderSvg({ scene: scenes[i % scenes.length]!, seed: seed + i, width: 1280, height: 800 }),
        ),
      }),
    );
  });
  // Two at a time keeps both cores of a small machine busy.
  await pool(2, tasks);
}
