import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from '../../tests/helpers/access-table';
import { bearer } from '../../tests/helpers/test-api';
import { newId } from '../db/ids';
import { summaryItems } from '../db/schema';
import { insertSchedule } from '../queries/schedules';
import { insertLibraryProduct } from '../queries/library';
import { createSummaryTree } from '../seed/summary-tree';

/** The Project Library (docs/decisions/108): CRUD, save from an item, add into a section, access. */

const access = useAccessWorld();

async function tree({ world, project }: Omit<AccessContext, 'data'>) {
  const schedule = await insertSchedule(world.api.db, { id: newId(), projectId: project.id, userId: world.users.firm.id, title: 'S', description: 'd', images: [] });
  const built = await createSummaryTree(world.api.db, { scheduleId: schedule.id, firmId: world.users.firm.id }, [
    { name: 'Room', sections: [{ title: 'Seating', items: [{ type: 'product', title: 'Cane armchair', description: 'Teak and cane', retailPrice: 4_500_000, tradePrice: 3_000_000 }] }] },
  ]);
  const product = await insertLibraryProduct(world.api.db, world.users.firm.id, world.users.firm.id, { title: 'Brass lamp', description: 'Table lamp', retailPrice: 900_000, tradePrice: 600_000 });
  return { scheduleId: schedule.id, sectionId: built.rooms[0]!.sections[0]!.id, itemId: built.rooms[0]!.sections[0]!.items[0]!, productId: product.id };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/projects/library' },
  { method: 'POST', kind: 'firmWork', url: () => '/api/projects/library', body: () => ({ title: 'Oak stool', retailPrice: 100, tradePrice: 50 }), allowed: [201] },
  // A product of the firm: another firm's (the foreign firm acting on its own library) is not there.
  { method: 'PUT', kind: 'firmWork', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}`, body: () => ({ title: 'Renamed' }), expect: { foreignFirm: 404 } },
  { method: 'DELETE', kind: 'firmWork', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}`, expect: { foreignFirm: 404 } },
  { method: 'POST', kind: 'work', setup: tree, url: ({ data }) => `/api/projects/library/from-item/${data.itemId}`, allowed: [201] },
  { method: 'POST', kind: 'work', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}/add-to-section/${data.sectionId}`, allowed: [201] },
];

describe('the Project Library in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});

describe('the Project Library', () => {
  it('saves an item to the library and adds it into another section as a new product item', async () => {
    const project = await access.world.project();
    const data = await tree({ world: access.world, role: 'firm', project });
    const token = access.world.tokens.member;
    const saved = await access.api.app.inject({ method: 'POST', url: `/api/projects/library/from-item/${data.itemId}`, headers: bearer(token) });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ title: 'Cane armchair', description: 'Teak and cane', retailPrice: 4_500_000, tradePrice: 3_000_000 });
    const list = (await access.api.app.inject({ method: 'GET', url: '/api/projects/library', headers: bearer(token) })).json().data.products;
    expect(list.map((p: { title: string }) => p.title)).toContain('Cane armchair');

    const added = await access.api.app.inject({ method: 'POST', url: `/api/projects/library/${saved.json().data.id}/add-to-section/${data.sectionId}`, headers: bearer(token) });
    expect(added.statusCode, added.body).toBe(201);
    const [item] = await access.api.db.select().from(summaryItems).where(eq(summaryItems.id, added.json().itemId));
    expect(item).toMatchObject({ type: 'product', title: 'Cane armchair', retailPrice: 4_500_000, tradePrice: 3_000_000, sectionId: data.sectionId, position: 1 });
  });

  it('validates: a blank title is refused with the message, prices are whole paise', async () => {
    const token = access.world.tokens.firm;
    const blank = await access.api.app.inject({ method: 'POST', url: '/api/projects/library', headers: bearer(token), payload: { title: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Title is required');
    expect((await access.api.app.inject({ method: 'POST', url: '/api/projects/library', headers: bearer(token), payload: { title: 'x', retailPrice: 1.5 } })).statusCode).toBe(400);
    expect((await access.api.app.inject({ method: 'POST', url: '/api/projects/library', headers: bearer(token), payload: { title: 'x', retailPrice: -1 } })).statusCode).toBe(400);
  });
});
