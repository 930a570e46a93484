import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokenOf } from '../../../../tests/helpers/schedules';
import { addItem, addRoom, addSection, itemIdsOf, must, readSummary, smallSummary, summaryCall } from '../../../../tests/helpers/summary';
import { SUMMARY_LIMITS, SUMMARY_MESSAGES } from '../../../contract/summary';
import { auditLog } from '../../../db/schema';
import { insertSection } from '../../../queries/summary';
import { api, firm, token, setUpSummaryApi, newSchedule, call } from '../../../../tests/helpers/summary-api';

setUpSummaryApi();

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
    // Every move lands; an edit lands, or answers 409 when another edit of its item from the same version landed first (docs/decisions/320).
    expect(answers.map((a, k) => [k % 10 === 9 ? 'edit' : 'move', a.statusCode]).filter(([kind, s]) => s !== 200 && !(kind === 'edit' && s === 409))).toEqual([]);
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
