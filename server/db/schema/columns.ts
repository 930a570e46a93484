import { text, timestamp } from 'drizzle-orm/pg-core';

/** 24-hex ids: the shape the spec's breadcrumb expects of an id segment. */
export const id = () => text('id').primaryKey();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
