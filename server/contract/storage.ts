import { z } from 'zod/v4';

export * from './storage-rules.js';

/** GET /api/workspace/storage: what the firm's files use of its quota (Setting's bar). */
export const StorageReply = z.object({ data: z.object({ usedBytes: z.number(), quotaBytes: z.number() }) });
export type StorageReply = z.infer<typeof StorageReply>;
