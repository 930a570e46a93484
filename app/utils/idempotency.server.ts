import { randomUUID } from 'node:crypto';

/** One idempotency key per money form of a rendering (decision 399): a double submit of that form repeats its key. */
export const formKeys = <K extends string>(...names: K[]): Record<K, string> => Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<K, string>;
