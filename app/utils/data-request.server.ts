/**
 * Set by the web server (web-server/app.ts) on Remix's data requests (`?_data=`, which loaders never
 * see, as Remix strips it). A redirect thrown there turns a fetcher's call, such as the next page of
 * a list, into a page navigation, so viewer.server.ts refreshes the snapshot only on page loads.
 */
export const DATA_REQUEST_HEADER = 'x-archivista-data-request';
