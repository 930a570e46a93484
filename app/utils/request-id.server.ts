import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the visitor request being served (set by web-server/request-id.ts), so every api call
 * a page makes carries it without each call site passing it on (app/utils/api.server.ts fetchApi).
 */
export const requestIds = new AsyncLocalStorage<string>();

export const currentRequestId = () => requestIds.getStore();
