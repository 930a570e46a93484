import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { fillSummary, must, readSummary, smallSummary } from '../../../../tests/helpers/summary';
import { bearer } from '../../../../tests/helpers/test-api';
import { SUMMARY_LIMITS } from '../../../contract/summary';
import { summaryItemImages } from '../../../db/schema';
import { scheduleImageFolder, scheduleImageKeys } from '../../../services/schedule-images';
import { api, token, setUpSummaryApi, newSchedule, call } from '../../../../tests/helpers/summary-api';

setUpSummaryApi();

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
