import { createSession } from '../../server/queries/sessions';
import type { TestApi } from './test-api';

/** A session token (not remembered) for each of `people`, under the same keys. */
export async function tokensOf<K extends string>(db: TestApi['db'], people: Record<K, { id: string }>): Promise<Record<K, string>> {
  const entries = await Promise.all(Object.entries<{ id: string }>(people).map(async ([key, user]) => [key, (await createSession(db, user.id, { remember: false })).token]));
  return Object.fromEntries(entries) as Record<K, string>;
}
