import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from '../../../../tests/helpers/access-table';
import { bearer } from '../../../../tests/helpers/test-api';
import { newId } from '../../../db/ids';
import { summaryItems } from '../../../db/schema';
import { insertSchedule } from '../../../queries/schedules';
import { insertLibraryProduct } from '../../../queries/library';
import { createSummaryTree } from '../../../seed/summary-tree';
import { uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { scheduleImageFolder, scheduleImageKeys } from '../../../services/schedule-images';
import { libraryImageFolder } from '../../../services/library-images';

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

/** A product of the firm with one stored image (its three variants written straight to storage). */
async function productWithImage({ world }: Omit<AccessContext, 'data'>) {
  const imageId = `${'ab'.repeat(12)}_80x60`;
  const folder = libraryImageFolder(world.users.firm.id, imageId);
  await Promise.all(scheduleImageKeys([folder]).map((key) => world.api.ctx.storage.put('private', key, Buffer.from('RIFF....WEBP'), { contentType: 'image/webp' })));
  await insertLibraryProduct(world.api.db, world.users.firm.id, world.users.firm.id, { title: 'Lamp', description: '', retailPrice: 0, tradePrice: 0, images: [folder] });
  return { imageId };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/projects/library' },
  { method: 'POST', kind: 'firmWork', url: () => '/api/projects/library', body: () => ({ title: 'Oak stool', retailPrice: 100 }), allowed: [201] },
  // A product of the firm: another firm's (the foreign firm acting on its own library) is not there.
  { method: 'PUT', kind: 'firmWork', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}`, body: () => ({ title: 'Renamed', version: 1 }), expect: { foreignFirm: 404 } },
  { method: 'DELETE', kind: 'firmWork', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}`, expect: { foreignFirm: 404 } },
  { method: 'POST', kind: 'work', setup: tree, url: ({ data }) => `/api/projects/library/from-item/${data.itemId}`, allowed: [201] },
  { method: 'POST', kind: 'work', setup: tree, url: ({ data }) => `/api/projects/library/${data.productId}/add-to-section/${data.sectionId}`, allowed: [201] },
  // A product's image: everyone of the firm; another firm's product's image is not there.
  { method: 'GET', kind: 'firmObjectWork', setup: productWithImage, url: ({ data }) => `/api/projects/library/images/${data.imageId}?size=480` },
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
    // A member without "Can see financials" saves it; the trade price comes along, unseen (and reaches the new item below).
    expect(saved.json().data).toMatchObject({ title: 'Cane armchair', description: 'Teak and cane', retailPrice: 4_500_000 });
    expect(saved.json().data).not.toHaveProperty('tradePrice');
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

describe('library images (docs/decisions/150)', () => {
  const get = (url: string, token: string) => access.api.app.inject({ method: 'GET', url, headers: bearer(token) });
  const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) => access.api.app.inject({ method, url, headers: bearer(token), payload });
  /** Whether every stored variant of these image folders is there. */
  const stored = async (folders: string[]) => (await Promise.all(scheduleImageKeys(folders).map((key) => access.api.ctx.storage.head('private', key)))).every((h) => !!h);

  it("copies an item's images into the product and back into a new item; deleting either side leaves the other whole", async () => {
    const project = await access.world.project();
    const data = await tree({ world: access.world, role: 'firm', project });
    const firm = access.world.tokens.firm;
    const uploaded = await uploadedScheduleImageIds(access.api, firm, project.id, 2);
    expect((await call('POST', `/api/projects/summary/items/${data.itemId}/images`, firm, { images: uploaded })).statusCode).toBe(201);

    // Save to library: the product gets copies (new ids, its own folders), in the item's order.
    const saved = await call('POST', `/api/projects/library/from-item/${data.itemId}`, firm);
    expect(saved.statusCode, saved.body).toBe(201);
    const product = saved.json().data as { id: string; imageCount: number; images: Array<{ id: string; w480: string; width: number; height: number }> };
    expect(product.imageCount).toBe(2);
    expect(product.images.map((i) => i.id)).not.toContain(uploaded[0]);
    expect(product.images[0]).toMatchObject({ width: 80, height: 60, w480: `/api/projects/library/images/${product.images[0]!.id}?size=480` });
    const libraryFolders = product.images.map((i) => libraryImageFolder(access.world.users.firm.id, i.id));
    expect(await stored(libraryFolders)).toBe(true);
    // Served to everyone of the firm (a member employee too), as WebP; another firm and a made-up id get 404, a wrong size 400.
    const served = await get(product.images[0]!.w480, access.world.tokens.member);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await get(product.images[0]!.w480, access.world.tokens.foreignFirm)).statusCode).toBe(404);
    expect((await get(`/api/projects/library/images/${uploaded[0]}`, firm)).statusCode).toBe(404);
    expect((await get('/api/projects/library/images/..%2F..%2Fetc', firm)).statusCode).toBe(404);
    expect((await get(`/api/projects/library/images/${product.images[0]!.id}?size=7`, firm)).statusCode).toBe(400);

    // Deleting the item deletes its files, not the product's.
    expect((await call('DELETE', `/api/projects/summary/items/${data.itemId}`, firm)).statusCode).toBe(200);
    expect(await stored(uploaded.map((id) => scheduleImageFolder(project.id, id)))).toBe(false);
    expect(await stored(libraryFolders)).toBe(true);
    expect((await get(product.images[1]!.w480, firm)).statusCode).toBe(200);

    // Add from library: the new item gets copies of the product's images, in the project.
    const added = await call('POST', `/api/projects/library/${product.id}/add-to-section/${data.sectionId}`, firm);
    expect(added.statusCode, added.body).toBe(201);
    const summary = (await get(`/api/projects/summary/${data.scheduleId}`, firm)).json().data;
    const item = summary.rooms[0].sections[0].items.find((i: { id: string }) => i.id === added.json().itemId);
    const itemImages = item.images as Array<{ id: string; w480: string }>;
    expect(itemImages).toHaveLength(2);
    expect(itemImages.map((i) => i.id)).not.toEqual(product.images.map((i) => i.id));
    expect((await get(itemImages[0]!.w480, access.world.tokens.member)).statusCode).toBe(200);

    // Deleting the product deletes its files, not the new item's.
    expect((await call('DELETE', `/api/projects/library/${product.id}`, firm)).statusCode).toBe(200);
    expect(await stored(libraryFolders.slice(0, 1))).toBe(false);
    expect((await get(product.images[0]!.w480, firm)).statusCode).toBe(404);
    expect(await stored(itemImages.map((i) => scheduleImageFolder(project.id, i.id)))).toBe(true);
    expect((await get(itemImages[1]!.w480, firm)).statusCode).toBe(200);
  });

  it('saves an item without images as a product without images', async () => {
    const project = await access.world.project();
    const data = await tree({ world: access.world, role: 'firm', project });
    const saved = await call('POST', `/api/projects/library/from-item/${data.itemId}`, access.world.tokens.firm);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ imageCount: 0, images: [] });
  });

  it("keeps trade prices to those who see margins: omitted on read, 403 on write, a change without one keeps the saved one", async () => {
    const project = await access.world.project();
    const data = await tree({ world: access.world, role: 'firm', project });
    const { member, firm } = access.world.tokens;
    const mine = (reply: { json: () => { data: { products: Array<{ id: string; tradePrice?: number }> } } }) => reply.json().data.products.find((p) => p.id === data.productId)!;

    const seen = mine(await get('/api/projects/library', member));
    expect(seen).not.toHaveProperty('tradePrice');
    expect(mine(await get('/api/projects/library', firm)).tradePrice).toBe(600_000);

    const refused = await call('POST', '/api/projects/library', member, { title: 'Teak bench', retailPrice: 100, tradePrice: 50 });
    expect(refused.statusCode).toBe(403);
    const put = (token: string, payload: object) => access.api.app.inject({ method: 'PUT', url: `/api/projects/library/${data.productId}`, headers: bearer(token), payload: { version: 1, ...payload } });
    expect((await put(member, { title: 'Brass lamp', retailPrice: 950_000, tradePrice: 1 })).statusCode).toBe(403);
    const changed = await put(member, { title: 'Brass lamp, tall', retailPrice: 950_000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).not.toHaveProperty('tradePrice');
    expect(mine(await get('/api/projects/library', firm))).toMatchObject({ title: 'Brass lamp, tall', retailPrice: 950_000, tradePrice: 600_000 });

    // Saved from an item by someone who does not see margins, the item's trade price comes along unseen.
    const saved = await call('POST', `/api/projects/library/from-item/${data.itemId}`, member);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).not.toHaveProperty('tradePrice');
    const copy = (await get('/api/projects/library', firm)).json().data.products.find((p: { id: string }) => p.id === saved.json().data.id);
    expect(copy.tradePrice).toBe(3_000_000);
  });
});
