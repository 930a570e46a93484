import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countQueries } from '../../../../tests/helpers/query-counter';
import { uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { addItem, addRoom, addSection, fillSummary, must, readSummary, smallSummary } from '../../../../tests/helpers/summary';
import { messagesByPath } from '../../../../tests/helpers/test-api';
import { SUMMARY_MESSAGES } from '../../../contract/summary';
import { auditLog } from '../../../db/schema';
import { api, token, setUpSummaryApi, newSchedule, call, readsPerTable } from '../../../../tests/helpers/summary-api';

setUpSummaryApi();

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
      ['product', 'New product', '', '1', 0],
      ['description', '', 'Description', '1', 1],
      ['title', 'Title', '', '1', 2],
      ['financial', 'Financial item', '', '1', 3],
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
    for (const bad of [{ retailPrice: -1 }, { quantity: 1.2345 }, { quantity: -1 }, { discountBp: 10_001 }, { tradePrice: '12' }, { retailPrice: 1e12 }]) {
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
