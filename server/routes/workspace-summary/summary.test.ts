import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../tests/helpers/query-counter';
import { createScheduleThroughApi, tokenOf, uploadedScheduleImageIds } from '../../../tests/helpers/schedules';
import { addItem, addRoom, addSection, fillSummary, itemIdsOf, must, readSummary, smallSummary, summaryCall } from '../../../tests/helpers/summary';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { SUMMARY_LIMITS, SUMMARY_MESSAGES, type SummaryJson } from '../../contract/summary';
import { auditLog, summaryItemImages } from '../../db/schema';
import type { UserRow } from '../../queries/users';
import { insertSection } from '../../queries/summary';
import { createFirm, createWorkspaceProject } from '../../seed/factories';
import { scheduleImageFolder, scheduleImageKeys } from '../../services/schedule-images';

let api: TestApi;
let firm: UserRow;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Summary Studio' });
  token = await tokenOf(api, firm);
});
afterAll(async () => api?.close());

async function newSchedule() {
  const project = await createWorkspaceProject(api.db, firm.id);
  const schedule = await createScheduleThroughApi(api, token, project.id);
  return { projectId: project.id, scheduleId: schedule.id };
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => summaryCall(api, token, { method, url, payload });

/** How many of `queries` read each table (after FROM or JOIN). */
function readsPerTable(queries: string[]) {
  const reads: Record<string, number> = {};
  for (const q of queries) for (const table of new Set([...q.matchAll(/(?:from|join) "(\w+)"/gi)].map((m) => m[1]!))) reads[table] = (reads[table] ?? 0) + 1;
  return reads;
}

describe('GET /api/projects/summary/{scheduleId}', () => {
  it('answers an empty summary for a new schedule, 404 for unknown or malformed ids', async () => {
    const { scheduleId, projectId } = await newSchedule();
    const summary = await readSummary(api, token, scheduleId);
    expect(summary).toEqual({ schedule: { id: scheduleId, projectId, title: 'Kitchen finishes' }, rooms: [], totals: { clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 } });
    expect((await call('GET', '/api/projects/summary/0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/summary/nope')).statusCode).toBe(404);
  });

  it('loads a summary of 200 items (with pictures and cards) in one query per table, alone and with its project’s schedules', async () => {
    const { scheduleId, projectId } = await newSchedule();
    const pictures = await uploadedScheduleImageIds(api, token, projectId, 3);
    await fillSummary((c) => must(api, token, c), scheduleId, { rooms: 4, sections: 5, items: 10 }, pictures);
    const summaryTables = { summary_rooms: 1, summary_sections: 1, summary_items: 1, summary_item_images: 1, summary_cards: 1 };

    const alone = await countQueries(api, () => call('GET', `/api/projects/summary/${scheduleId}`));
    expect(alone.result.statusCode).toBe(200);
    const summary = alone.result.json().data as SummaryJson;
    expect(itemIdsOf(summary)).toHaveLength(200);
    expect(summary.rooms.flatMap((r) => r.sections.flatMap((s) => s.cards))).toHaveLength(20);
    expect(summary.rooms[0]!.sections[0]!.items.slice(0, 4).map((i) => i.images.length)).toEqual([1, 1, 1, 0]);
    expect(readsPerTable(alone.queries)).toMatchObject(summaryTables);

    // The editor's page: the project, its schedules and the summary in one call, every table read once.
    const editor = await countQueries(api, () => call('GET', `/api/projects/schedules/${projectId}?summary=${scheduleId}`));
    expect(editor.result.statusCode).toBe(200);
    expect(editor.result.json().data.summary).toEqual(summary);
    const reads = readsPerTable(editor.queries);
    expect(reads).toMatchObject({ ...summaryTables, projects: 1, schedules: 1 });
    expect(Math.max(...Object.values(reads))).toBe(1);
  });

  it('answers a project’s schedules with the summary of the one named, or of the newest with `first`; another project’s schedule is not found', async () => {
    const { scheduleId: older, projectId } = await newSchedule();
    await smallSummary(api, token, older);
    const newer = (await createScheduleThroughApi(api, token, projectId, { title: 'Bath fittings' })).id;
    const other = await newSchedule();
    const read = async (query: string) => (await call('GET', `/api/projects/schedules/${projectId}${query}`)).json().data;
    expect(await read('')).not.toHaveProperty('summary');
    expect((await read('?summary=first')).summary.schedule).toEqual({ id: newer, projectId, title: 'Bath fittings' });
    const named = await read(`?summary=${older}`);
    expect(named.summary).toEqual(await readSummary(api, token, older));
    expect(named.schedules.map((s: { id: string }) => s.id)).toEqual([newer, older]);
    expect((await read(`?summary=${other.scheduleId}`)).summary).toBeNull();
    expect((await read('?summary=0123456789abcdef01234567')).summary).toBeNull();
    expect((await call('GET', `/api/projects/schedules/${projectId}?summary=${'x'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('rooms, sections and items', () => {
  it('adds, renames and deletes a room (with "Room name cannot be empty"), positions staying 0..n-1', async () => {
    const { scheduleId } = await newSchedule();
    const blank = await call('POST', `/api/projects/summary/${scheduleId}/rooms`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(messagesByPath(blank).name).toBe(SUMMARY_MESSAGES.roomNameRequired);
    const a = await addRoom(api, token, scheduleId, 'Living');
    const b = await addRoom(api, token, scheduleId, 'Kitchen');
    const c = await addRoom(api, token, scheduleId, 'Bath');
    expect((await call('PUT', `/api/projects/summary/rooms/${b}`, { name: 'Kitchen & dining' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/projects/summary/rooms/${b}`, { name: '' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/projects/summary/rooms/${a}`)).statusCode).toBe(200);
    const summary = await readSummary(api, token, scheduleId);
    expect(summary.rooms.map((r) => [r.id, r.name, r.position])).toEqual([
      [b, 'Kitchen & dining', 0],
      [c, 'Bath', 1],
    ]);
    expect((await call('DELETE', `/api/projects/summary/rooms/${a}`)).statusCode).toBe(404);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.targetId, a));
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['summary.room.created', 'summary.room.deleted']));
  });

  it('refuses a second room of the same name in one schedule (case and spaces aside), with nothing written; another schedule may use it', async () => {
    const { scheduleId } = await newSchedule();
    const kitchen = await addRoom(api, token, scheduleId, 'Kitchen');
    const bath = await addRoom(api, token, scheduleId, 'Bath');
    for (const name of ['Kitchen', '  kitchen ', 'KITCHEN']) {
      const again = await call('POST', `/api/projects/summary/${scheduleId}/rooms`, { name });
      expect(again.statusCode).toBe(409);
      expect(messagesByPath(again).name).toBe(SUMMARY_MESSAGES.roomNameTaken);
    }
    const renamed = await call('PUT', `/api/projects/summary/rooms/${bath}`, { name: 'kitchen' });
    expect(renamed.statusCode).toBe(409);
    expect(messagesByPath(renamed).name).toBe(SUMMARY_MESSAGES.roomNameTaken);
    // A room may take its own name again, in another case.
    expect((await call('PUT', `/api/projects/summary/rooms/${kitchen}`, { name: 'KITCHEN' })).statusCode).toBe(200);
    expect((await readSummary(api, token, scheduleId)).rooms.map((r) => r.name)).toEqual(['KITCHEN', 'Bath']);
    const other = await newSchedule();
    await addRoom(api, token, other.scheduleId, 'Kitchen');
  });

  it('adds sections with a default title, renames them, sets each status, and refuses another status', async () => {
    const { scheduleId } = await newSchedule();
    const room = await addRoom(api, token, scheduleId, 'Living');
    const s1 = await addSection(api, token, room);
    const s2 = await addSection(api, token, room, 'Lighting');
    for (const status of ['approved', 'in_review', 'rejected', 'none'] as const) {
      expect((await call('PUT', `/api/projects/summary/sections/${s2}`, { status })).statusCode).toBe(200);
      expect((await readSummary(api, token, scheduleId)).rooms[0]!.sections[1]!.status).toBe(status);
    }
    expect((await call('PUT', `/api/projects/summary/sections/${s2}`, { status: 'done' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/projects/summary/sections/${s2}`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/projects/summary/sections/${s1}`, { title: 'Seating', status: 'approved' })).statusCode).toBe(200);
    const sections = (await readSummary(api, token, scheduleId)).rooms[0]!.sections;
    expect(sections.map((s) => [s.title, s.status, s.position])).toEqual([
      ['Seating', 'approved', 0],
      ['Lighting', 'none', 1],
    ]);
  });

  it('adds an item of each type with its defaults, changes its texts, refuses a blank required text', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    const summary = await readSummary(api, token, scheduleId);
    const list = summary.rooms[0]!.sections[0]!.items;
    expect(list.map((i) => [i.type, i.title, i.description, i.quantity, i.position])).toEqual([
      ['product', 'New product', '', 1, 0],
      ['description', '', 'Description', 1, 1],
      ['title', 'Title', '', 1, 2],
      ['financial', 'Financial item', '', 1, 3],
    ]);
    const ok = await call('PUT', `/api/projects/summary/items/${items.title}`, { title: 'Finish', description: 'Oak', title1: 'Size', description1: '2 m', version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Finish', description: 'Oak', title1: 'Size', description1: '2 m', version: 2 });
    const blank = await call('PUT', `/api/projects/summary/items/${items.product}`, { title: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: SUMMARY_MESSAGES.requiredFields, details: [{ path: 'title', message: SUMMARY_MESSAGES.requiredFields }] });
    // A product has no second pair: such fields are left out, not stored.
    const extra = await call('PUT', `/api/projects/summary/items/${items.product}`, { title1: 'ignored', description: 'Walnut' });
    expect(extra.json().data).toMatchObject({ title1: '', description: 'Walnut' });
    // Spec section 5: a text that held words cannot be emptied, whichever it is (the description
    // of a product that was never written stays allowed blank).
    for (const field of ['description', 'title1', 'description1'] as const) {
      const emptied = await call('PUT', `/api/projects/summary/items/${items.title}`, { [field]: ' ' });
      expect(emptied.statusCode, field).toBe(400);
      expect(emptied.json()).toEqual({ message: SUMMARY_MESSAGES.requiredFields, details: [{ path: field, message: SUMMARY_MESSAGES.requiredFields }] });
    }
    const walnut = await call('PUT', `/api/projects/summary/items/${items.product}`, { description: '' });
    expect(walnut.statusCode).toBe(400);
    expect((await call('PUT', `/api/projects/summary/items/${items.financial}`, { description: '' })).statusCode).toBe(200);
    expect((await call('POST', `/api/projects/summary/sections/${list[0]!.sectionId}/items`, { type: 'video' })).statusCode).toBe(400);
  });

  it('answers the api’s figures after a financial change, with totals per section, room and schedule', async () => {
    const { scheduleId } = await newSchedule();
    const { items, roomId } = await smallSummary(api, token, scheduleId);
    const res = await call('PUT', `/api/projects/summary/items/${items.financial}`, { retailPrice: 100_00, tradePrice: 60_00, quantity: 3, discountBp: 1000 });
    expect(res.json().data.figures).toEqual({ clientPrice: 270_00, tradeCost: 180_00, netProfit: 90_00, markup: 50 });
    await call('PUT', `/api/projects/summary/items/${items.product}`, { retailPrice: 50_00, tradePrice: 50_00 });
    const other = await addSection(api, token, roomId, 'Other');
    const free = await addItem(api, token, other, 'financial');
    await call('PUT', `/api/projects/summary/items/${free}`, { retailPrice: 10_00, tradePrice: 0, quantity: 0 });
    const summary = await readSummary(api, token, scheduleId);
    const want = { clientPrice: 320_00, tradeCost: 230_00, netProfit: 90_00, markup: 39.13 };
    expect(summary.rooms[0]!.sections[0]!.totals).toEqual(want);
    expect(summary.rooms[0]!.sections[1]!.totals).toEqual({ clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 });
    expect(summary.rooms[0]!.totals).toEqual(want);
    expect(summary.totals).toEqual(want);
    for (const bad of [{ retailPrice: -1 }, { quantity: 1.5 }, { discountBp: 10_001 }, { tradePrice: '12' }, { retailPrice: 1e12 }]) {
      expect((await call('PUT', `/api/projects/summary/items/${items.financial}`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('answers 409 with a clear message when the item changed since the editor loaded it', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    expect((await call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'Mine', version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'Theirs', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: SUMMARY_MESSAGES.stale, code: 'stale' });
    expect((await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items[0]!.title).toBe('Mine');
  });

  it('Save all names every item changed meanwhile (409) and saves nothing', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    for (const id of [items.product, items.title]) expect((await call('PUT', `/api/projects/summary/items/${id}`, { title: 'Theirs' })).statusCode).toBe(200);
    const all = await call('PUT', `/api/projects/summary/${scheduleId}/items`, {
      items: [items.description, items.product, items.title].map((id) => ({ id, version: 1, description: 'Mine' })),
    });
    expect(all.statusCode).toBe(409);
    expect(all.json()).toMatchObject({ message: SUMMARY_MESSAGES.stale, code: 'stale' });
    expect(all.json().details.map((d: { path: string }) => d.path)).toEqual(['items.1.version', 'items.2.version']);
    const descriptions = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items.map((i) => i.description);
    expect(descriptions).not.toContain('Mine');
  });

  it('does not write an item sent with the values it holds: its version stays, and a stale version of it is no conflict', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    // A colleague names the product; this editor still has version 1 of everything.
    expect((await call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'Theirs', version: 1 })).statusCode).toBe(200);
    const all = await call('PUT', `/api/projects/summary/${scheduleId}/items`, {
      items: [
        { id: items.product, version: 1, title: 'Theirs', description: '' },
        { id: items.financial, version: 1, title: 'Labour', quantity: 1 },
      ],
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((i: { version: number; title: string }) => [i.title, i.version])).toEqual([
      ['Theirs', 2],
      ['Labour', 2],
    ]);
    // The same values again, with a stale version: nothing to write, so nothing refused.
    const again = await call('PUT', `/api/projects/summary/items/${items.financial}`, { title: ' Labour ', quantity: 1, version: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.version).toBe(2);
    // A real change from a stale version is still refused.
    expect((await call('PUT', `/api/projects/summary/items/${items.financial}`, { title: 'Mine', version: 1 })).statusCode).toBe(409);
  });

  it('Save all of 200 items reads their images in one query', async () => {
    const { scheduleId, projectId } = await newSchedule();
    const pictures = await uploadedScheduleImageIds(api, token, projectId, 2);
    const ids = await fillSummary((c) => must(api, token, c), scheduleId, { rooms: 2, sections: 5, items: 20 }, pictures);
    const saved = await countQueries(api, () => call('PUT', `/api/projects/summary/${scheduleId}/items`, { items: ids.map((id) => ({ id, description: `Saved ${id}` })) }));
    expect(saved.result.statusCode).toBe(200);
    expect(saved.result.json().data.items.slice(0, 3).map((i: { images: unknown[] }) => i.images.length)).toEqual([1, 1, 0]);
    expect(readsPerTable(saved.queries).summary_item_images).toBe(1);
  });

  it('saves all descriptions at once, all or nothing', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    const bad = await call('PUT', `/api/projects/summary/${scheduleId}/items`, {
      items: [
        { id: items.product, description: 'Velvet sofa' },
        { id: items.description, description: ' ' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: SUMMARY_MESSAGES.requiredFields, details: [{ path: 'items.1.description', message: SUMMARY_MESSAGES.requiredFields }] });
    expect((await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items[0]!.description).toBe('');
    const ok = await call('PUT', `/api/projects/summary/${scheduleId}/items`, {
      items: [
        { id: items.product, description: 'Velvet sofa', version: 1 },
        { id: items.description, description: 'Warm, layered light' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items.map((i: { description: string }) => i.description)).toEqual(['Velvet sofa', 'Warm, layered light']);
    // Save all refuses a description emptied after it held words, and saves nothing.
    const emptied = await call('PUT', `/api/projects/summary/${scheduleId}/items`, { items: [{ id: items.product, title: 'Sofa', description: '  ' }] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().details).toEqual([{ path: 'items.0.description', message: SUMMARY_MESSAGES.requiredFields }]);
    expect((await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items[0]!.title).toBe('New product');
    // An item of another schedule is not found here.
    const other = await newSchedule();
    const foreign = await smallSummary(api, token, other.scheduleId);
    expect((await call('PUT', `/api/projects/summary/${scheduleId}/items`, { items: [{ id: foreign.items.product, description: 'x' }] })).statusCode).toBe(404);
    expect((await call('PUT', `/api/projects/summary/${scheduleId}/items`, { items: [] })).statusCode).toBe(400);
  });

  it('copies an item right after it and a section with its items and cards right after it', async () => {
    const { scheduleId } = await newSchedule();
    const { items, sectionId } = await smallSummary(api, token, scheduleId);
    await call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'Sofa', retailPrice: 500_00 });
    await must(api, token, { method: 'POST', url: `/api/projects/summary/sections/${sectionId}/cards`, payload: { title: 'Finish', description: 'Oak' } });
    const copy = await must(api, token, { method: 'POST', url: `/api/projects/summary/items/${items.product}/copy` });
    let section = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!;
    expect(section.items.map((i) => [i.id === copy.id, i.title, i.position])).toEqual([
      [false, 'Sofa', 0],
      [true, 'Sofa', 1],
      [false, '', 2],
      [false, 'Title', 3],
      [false, 'Financial item', 4],
    ]);
    const sectionCopy = await must(api, token, { method: 'POST', url: `/api/projects/summary/sections/${sectionId}/copy` });
    const room = (await readSummary(api, token, scheduleId)).rooms[0]!;
    section = room.sections[1]!;
    expect(section.id).toBe(sectionCopy.id);
    expect(section.title).toBe('Seating (copy)');
    expect(section.items).toHaveLength(5);
    expect(section.cards.map((c) => c.title)).toEqual(['Finish']);
    expect(section.totals).toEqual(room.sections[0]!.totals);
  });

  it('deletes an item and closes the gap', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    expect((await call('DELETE', `/api/projects/summary/items/${items.description}`)).statusCode).toBe(200);
    const list = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items;
    expect(list.map((i) => [i.type, i.position])).toEqual([
      ['product', 0],
      ['title', 1],
      ['financial', 2],
    ]);
  });
});

describe('moves', () => {
  it('moves rooms, sections (within and between rooms) and items (within and between sections)', async () => {
    const { scheduleId } = await newSchedule();
    const r1 = await addRoom(api, token, scheduleId, 'One');
    const r2 = await addRoom(api, token, scheduleId, 'Two');
    const s1 = await addSection(api, token, r1, 'S1');
    const s2 = await addSection(api, token, r1, 'S2');
    const s3 = await addSection(api, token, r2, 'S3');
    const i1 = await addItem(api, token, s1, 'product');
    const i2 = await addItem(api, token, s1, 'description');
    const i3 = await addItem(api, token, s1, 'title');
    const move = (kind: string, id: string, body: object) => must(api, token, { method: 'POST', url: `/api/projects/summary/${kind}/${id}/move`, payload: body });
    await move('rooms', r2, { index: 0 });
    await move('items', i3, { index: 0 });
    await move('items', i1, { index: 0, parentId: s3 });
    await move('sections', s2, { index: 0, parentId: r2 });
    const summary = await readSummary(api, token, scheduleId);
    const shape = summary.rooms.map((r) => ({ id: r.id, p: r.position, sections: r.sections.map((s) => ({ id: s.id, p: s.position, items: s.items.map((i) => [i.id, i.position]) })) }));
    expect(shape).toEqual([
      {
        id: r2,
        p: 0,
        sections: [
          { id: s2, p: 0, items: [] },
          { id: s3, p: 1, items: [[i1, 0]] },
        ],
      },
      { id: r1, p: 1, sections: [{ id: s1, p: 0, items: [[i3, 0], [i2, 1]] }] },
    ]);
    // Another schedule's section is not a place to move to.
    const other = await newSchedule();
    const foreign = await smallSummary(api, token, other.scheduleId);
    expect((await call('POST', `/api/projects/summary/items/${i2}/move`, { index: 0, parentId: foreign.sectionId })).statusCode).toBe(404);
    expect((await call('POST', `/api/projects/summary/sections/${s1}/move`, { index: 0, parentId: foreign.roomId })).statusCode).toBe(404);
    expect((await call('POST', `/api/projects/summary/items/${i2}/move`, { index: -1 })).statusCode).toBe(400);
  });

  it('keeps a room in its schedule, refuses a full room (409, nothing moved) and writes the audit line of each move', async () => {
    const { scheduleId } = await newSchedule();
    const r1 = await addRoom(api, token, scheduleId, 'One');
    const r2 = await addRoom(api, token, scheduleId, 'Two');
    const s1 = await addSection(api, token, r1, 'S1');
    // A room's `parentId` names nothing it could move into: it only changes place.
    const other = await newSchedule();
    const foreign = await smallSummary(api, token, other.scheduleId);
    expect((await call('POST', `/api/projects/summary/rooms/${r1}/move`, { index: 1, parentId: foreign.roomId })).statusCode).toBe(200);
    expect((await readSummary(api, token, scheduleId)).rooms.map((r) => r.id)).toEqual([r2, r1]);
    // A room holding the most sections takes no more.
    const scope = { scheduleId, firmId: firm.id };
    await api.db.transaction(async (tx) => {
      for (let i = 0; i < SUMMARY_LIMITS.sectionsPerRoom; i += 1) await insertSection(tx, scope, r2, `Full ${i}`);
    });
    const full = await call('POST', `/api/projects/summary/sections/${s1}/move`, { index: 0, parentId: r2 });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(SUMMARY_MESSAGES.sectionsMax);
    const after = await readSummary(api, token, scheduleId);
    expect(after.rooms.find((r) => r.id === r1)!.sections.map((s) => s.id)).toEqual([s1]);
    // Each move is audited with the new parent, as before the one move helper.
    const lines = await api.db.select().from(auditLog).where(eq(auditLog.targetId, r1));
    expect(lines.map((l) => l.action)).toContain('summary.room.moved');
    await must(api, token, { method: 'POST', url: `/api/projects/summary/sections/${s1}/move`, payload: { index: 0, parentId: r1 } });
    const sectionLines = await api.db.select().from(auditLog).where(eq(auditLog.targetId, s1));
    // The refused move left no line; the one that went through names its room.
    const moved = sectionLines.filter((l) => l.action === 'summary.section.moved');
    expect(moved).toHaveLength(1);
    expect(moved[0]!.details).toMatchObject({ roomId: r1, index: 0 });
  });
});

describe('limits', () => {
  it('saves the longest texts a firm may type, in a script of three bytes a character: one item, and 200 at once by Save all', async () => {
    const { scheduleId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    const longest = (n: number) => 'क'.repeat(n);
    const twoColumns = { title: longest(SUMMARY_LIMITS.itemTitle), description: longest(SUMMARY_LIMITS.itemDescription), title1: longest(SUMMARY_LIMITS.itemTitle), description1: longest(SUMMARY_LIMITS.itemDescription) };
    const one = await call('PUT', `/api/projects/summary/items/${items.title}`, twoColumns);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.description1).toHaveLength(SUMMARY_LIMITS.itemDescription);
    const { scheduleId: large } = await newSchedule();
    const ids = await fillSummary((c) => must(api, token, c), large, { rooms: 1, sections: 2, items: 100 });
    const all = await call('PUT', `/api/projects/summary/${large}/items`, { items: ids.map((id) => ({ id, description: longest(SUMMARY_LIMITS.itemDescription) })) });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((i: { description: string }) => i.description.length)).toEqual(ids.map(() => SUMMARY_LIMITS.itemDescription));
  });

  it('allows 4 cards per section: "Maximum limit reached: 4 cards allowed."', async () => {
    const { scheduleId } = await newSchedule();
    const { sectionId } = await smallSummary(api, token, scheduleId);
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push((await must(api, token, { method: 'POST', url: `/api/projects/summary/sections/${sectionId}/cards`, payload: { title: `Card ${i}` } })).id);
    const fifth = await call('POST', `/api/projects/summary/sections/${sectionId}/cards`, { title: 'Card 5' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe('Maximum limit reached: 4 cards allowed.');
    expect((await call('PUT', `/api/projects/summary/cards/${ids[1]}`, { description: 'Brushed brass' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/projects/summary/cards/${ids[0]}`)).statusCode).toBe(200);
    const cards = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.cards;
    expect(cards.map((c) => [c.title, c.description, c.position])).toEqual([
      ['Card 1', 'Brushed brass', 0],
      ['Card 2', '', 1],
      ['Card 3', '', 2],
    ]);
    expect((await call('POST', `/api/projects/summary/sections/${sectionId}/cards`, { title: 'Card 5' })).statusCode).toBe(201);
  });

  it('adds up to 10 images to an item ("You can add only 10 images"), reorders and deletes them with their files', async () => {
    const { scheduleId, projectId } = await newSchedule();
    const { items } = await smallSummary(api, token, scheduleId);
    const eight = await uploadedScheduleImageIds(api, token, projectId, 8);
    const added = await call('POST', `/api/projects/summary/items/${items.product}/images`, { images: eight });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.images.map((i: { id: string }) => i.id)).toEqual(eight);
    const three = await uploadedScheduleImageIds(api, token, projectId, 3);
    const over = await call('POST', `/api/projects/summary/items/${items.product}/images`, { images: three });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can add only 10 images');
    expect((await call('POST', `/api/projects/summary/items/${items.product}/images`, { images: [...three, 'x', 'y', 'z', 'a', 'b', 'c', 'd', 'e'] })).statusCode).toBe(400);
    // An image already used (claimed) cannot be added again.
    expect((await call('POST', `/api/projects/summary/items/${items.description}/images`, { images: [eight[0]] })).statusCode).toBe(400);
    expect((await call('POST', `/api/projects/summary/items/${items.product}/images`, { images: three.slice(0, 2) })).statusCode).toBe(201);
    // The images are served to those who may work on the project.
    const served = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/images/${projectId}/${eight[3]}?size=480`, headers: bearer(token) });
    expect(served.statusCode).toBe(200);
    const moved = await call('POST', `/api/projects/summary/items/${items.product}/images/${eight[7]}/move`, { index: 0 });
    expect(moved.json().data.images.slice(0, 2).map((i: { id: string }) => i.id)).toEqual([eight[7], eight[0]]);
    const removed = await call('DELETE', `/api/projects/summary/items/${items.product}/images/${eight[0]}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.images).toHaveLength(9);
    const gone = await Promise.all(scheduleImageKeys([scheduleImageFolder(projectId, eight[0]!)]).map((key) => api.ctx.storage.head('private', key)));
    expect(gone.every((h) => !h)).toBe(true);
    const positions = (await api.db.select().from(summaryItemImages).where(eq(summaryItemImages.itemId, items.product))).map((r) => r.position).sort((a, b) => a - b);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // Deleting the item deletes the files of its images.
    expect((await call('DELETE', `/api/projects/summary/items/${items.product}`)).statusCode).toBe(200);
    const after = await Promise.all(scheduleImageKeys([scheduleImageFolder(projectId, eight[5]!)]).map((key) => api.ctx.storage.head('private', key)));
    expect(after.every((h) => !h)).toBe(true);
  });
});

describe('two people editing one schedule at once', () => {
  it('keeps every item exactly once through concurrent moves, copies, edits and deletes from two clients', async () => {
    const { scheduleId } = await newSchedule();
    const other = await tokenOf(api, firm);
    const room = await addRoom(api, token, scheduleId, 'Room');
    const sections = [await addSection(api, token, room, 'A'), await addSection(api, token, room, 'B'), await addSection(api, token, room, 'C')];
    const items: string[] = [];
    for (let i = 0; i < 12; i += 1) items.push(await addItem(api, token, sections[i % 3]!, 'financial'));
    // Deterministic pseudo-random plan of 60 moves split between the two clients, all sent at once.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const calls = Array.from({ length: 60 }, (_, k) => {
      const as = k % 2 ? token : other;
      const id = items[rnd(items.length)]!;
      if (k % 10 === 9) return summaryCall(api, as, { method: 'PUT', url: `/api/projects/summary/items/${id}`, payload: { retailPrice: k * 100 } });
      return summaryCall(api, as, { method: 'POST', url: `/api/projects/summary/items/${id}/move`, payload: { index: rnd(6), parentId: sections[rnd(3)] } });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const summary = await readSummary(api, token, scheduleId);
    expect([...itemIdsOf(summary)].sort()).toEqual([...items].sort());
    for (const section of summary.rooms[0]!.sections) expect(section.items.map((i) => i.position)).toEqual(section.items.map((_, i) => i));
  });

  it('of two saves of one item with the same version, one wins and the other answers 409; concurrent adds all land', async () => {
    const { scheduleId } = await newSchedule();
    const { items, sectionId } = await smallSummary(api, token, scheduleId);
    const [a, b] = await Promise.all([
      call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'From A', version: 1 }),
      call('PUT', `/api/projects/summary/items/${items.product}`, { title: 'From B', version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const adds = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/projects/summary/sections/${sectionId}/items`, { type: 'description' })));
    expect(adds.every((r) => r.statusCode === 201)).toBe(true);
    const list = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!.items;
    expect(list).toHaveLength(14);
    expect(list.map((i) => i.position)).toEqual(list.map((_, i) => i));
  });
});
