import type { SummaryItemType, SummaryJson } from '../../server/contract/summary';
import { inArray } from 'drizzle-orm';
import { bearer, type TestApi } from './test-api';
import { summaryItems, summaryRooms, summarySections } from '../../server/db/schema';

/** Helpers of the summary tests: api calls that must succeed, and the summary read back. */

export type SummaryCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

export async function summaryCall(api: TestApi, token: string, call: SummaryCall) {
  const payload = call.method === 'PUT' && call.payload ? await withVersions(api, call.url, call.payload as Record<string, unknown>) : call.payload;
  return api.app.inject({ method: call.method, url: call.url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const TABLES = { rooms: summaryRooms, sections: summarySections, items: summaryItems } as const;
const ONE_ROW = /^\/api\/projects\/summary\/(rooms|sections|items)\/([^/]+)$/;
const SAVE_ALL = /^\/api\/projects\/summary\/[^/]+\/items$/;

/** The versions of rows of `kind` by id (1 for an id that is not there: the api answers 404 for it anyway). */
async function versionsOf(api: TestApi, kind: keyof typeof TABLES, ids: string[]): Promise<Map<string, number>> {
  const table = TABLES[kind] as typeof summaryItems;
  const rows = await api.db.select({ id: table.id, version: table.version }).from(table).where(inArray(table.id, ids)).catch(() => []);
  return new Map(rows.map((row) => [row.id, row.version]));
}

/**
 * A change as a page read just now sends it (docs/decisions/320): the row's current version where
 * the payload names none. The tests of the version itself (server/routes/record-versions.test.ts,
 * editing.test.ts) send theirs, or none, on purpose.
 */
async function withVersions(api: TestApi, url: string, payload: Record<string, unknown>): Promise<object> {
  const one = ONE_ROW.exec(url);
  if (one && !('version' in payload)) return { ...payload, version: (await versionsOf(api, one[1] as keyof typeof TABLES, [one[2]!])).get(one[2]!) ?? 1 };
  if (SAVE_ALL.test(url) && Array.isArray(payload.items)) {
    const items = payload.items as Array<Record<string, unknown>>;
    const versions = await versionsOf(api, 'items', items.map((item) => String(item.id)));
    return { ...payload, items: items.map((item) => ('version' in item ? item : { ...item, version: versions.get(String(item.id)) ?? 1 })) };
  }
  return payload;
}

/** A call that must answer 2xx; answers its JSON. */
export async function must<T = { id: string; message: string }>(api: TestApi, token: string, call: SummaryCall): Promise<T> {
  const res = await summaryCall(api, token, call);
  if (res.statusCode >= 300) throw new Error(`${call.method} ${call.url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function readSummary(api: TestApi, token: string, scheduleId: string): Promise<SummaryJson> {
  return (await must<{ data: SummaryJson }>(api, token, { method: 'GET', url: `/api/projects/summary/${scheduleId}` })).data;
}

export const addRoom = (api: TestApi, token: string, scheduleId: string, name: string) =>
  must(api, token, { method: 'POST', url: `/api/projects/summary/${scheduleId}/rooms`, payload: { name } }).then((r) => r.id);
export const addSection = (api: TestApi, token: string, roomId: string, title?: string) =>
  must(api, token, { method: 'POST', url: `/api/projects/summary/rooms/${roomId}/sections`, payload: title ? { title } : {} }).then((r) => r.id);
export const addItem = (api: TestApi, token: string, sectionId: string, type: SummaryItemType) =>
  must(api, token, { method: 'POST', url: `/api/projects/summary/sections/${sectionId}/items`, payload: { type } }).then((r) => r.id);

/** A room with one section holding one item of each type: the ids. */
export async function smallSummary(api: TestApi, token: string, scheduleId: string) {
  const roomId = await addRoom(api, token, scheduleId, 'Living room');
  const sectionId = await addSection(api, token, roomId, 'Seating');
  const items: Record<SummaryItemType, string> = {
    product: await addItem(api, token, sectionId, 'product'),
    description: await addItem(api, token, sectionId, 'description'),
    title: await addItem(api, token, sectionId, 'title'),
    financial: await addItem(api, token, sectionId, 'financial'),
  };
  return { roomId, sectionId, items };
}

/** Every item id of a summary in order, per section (to check that each is there exactly once). */
export const itemIdsOf = (summary: SummaryJson) => summary.rooms.flatMap((r) => r.sections.flatMap((s) => s.items.map((i) => i.id)));

/** An api call that must succeed, answering its JSON: `must` over inject in tests, fetch in the bench. */
export type MustCall = <T = { id: string; message: string }>(call: SummaryCall) => Promise<T>;

/** The size of a filled summary: rooms, sections per room, items per section. */
export type SummaryShape = { rooms: number; sections: number; items: number };

/**
 * Fills a schedule's summary through the api: `shape` rooms of sections of items (every fifth a
 * financial item, the rest products), each named, described and priced by one Save all, and the
 * first section's first items pictured with `imageIds` (one each). Answers the item ids in order.
 */
export async function fillSummary(call: MustCall, scheduleId: string, shape: SummaryShape, imageIds: readonly string[] = []): Promise<string[]> {
  const post = (url: string, payload: object) => call({ method: 'POST', url, payload }).then((r) => r.id);
  const itemIds: string[] = [];
  for (let r = 0; r < shape.rooms; r++) {
    const roomId = await post(`/api/projects/summary/${scheduleId}/rooms`, { name: `Room ${r + 1}` });
    for (let s = 0; s < shape.sections; s++) {
      const sectionId = await post(`/api/projects/summary/rooms/${roomId}/sections`, { title: `Section ${r + 1}.${s + 1}` });
      await post(`/api/projects/summary/sections/${sectionId}/cards`, { title: 'Finish', description: 'Natural oil' });
      for (let i = 0; i < shape.items; i++) itemIds.push(await post(`/api/projects/summary/sections/${sectionId}/items`, { type: i % 5 === 4 ? 'financial' : 'product' }));
    }
  }
  const items = itemIds.map((id, n) => ({
    id,
    title: `Item ${n + 1}: solid oak side table`,
    description: 'Hand-finished solid oak with a natural oil finish',
    retailPrice: 1_000_000 + n * 1_000,
    tradePrice: 700_000 + n * 500,
    quantity: 1 + (n % 3),
    discountBp: (n % 4) * 250,
    // Each item was just added (docs/decisions/320).
    version: 1,
  }));
  await call({ method: 'PUT', url: `/api/projects/summary/${scheduleId}/items`, payload: { items } });
  for (const [n, imageId] of imageIds.entries()) await call({ method: 'POST', url: `/api/projects/summary/items/${itemIds[n]}/images`, payload: { images: [imageId] } });
  return itemIds;
}
