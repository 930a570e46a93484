import { describe, expect, it } from 'vitest';
import { countQueries } from '../../../../tests/helpers/query-counter';
import { createScheduleThroughApi, uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { fillSummary, itemIdsOf, must, readSummary, smallSummary } from '../../../../tests/helpers/summary';
import type { SummaryJson } from '../../../contract/summary';
import { api, token, setUpSummaryApi, newSchedule, call, readsPerTable } from '../../../../tests/helpers/summary-api';

setUpSummaryApi();

describe('GET /api/projects/summary/{scheduleId}', () => {
  it('answers an empty summary for a new schedule, 404 for unknown or malformed ids', async () => {
    const { scheduleId, projectId } = await newSchedule();
    const summary = await readSummary(api, token, scheduleId);
    expect(summary).toEqual({ schedule: { id: scheduleId, projectId, title: 'Kitchen finishes' }, rooms: [], totals: { clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 } });
    expect((await call('GET', '/api/projects/summary/0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/summary/nope')).statusCode).toBe(404);
  });

  // 200 items made first: minutes on a busy machine.
  it('loads a summary of 200 items (with pictures and cards) in one query per table, alone and with its project’s schedules', { timeout: 180_000 }, async () => {
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
