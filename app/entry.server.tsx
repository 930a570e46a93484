import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { NonceProvider } from '~/utils/nonce';
import { setViewerVersionHook } from '~/utils/api.server';
import { refreshStaleViewer } from '~/utils/viewer.server';
import { isPublicPage, matchesEtag, pageEtag, pageNonce } from '~/utils/public-cache.server';

// The session layer's answer to the api's viewer version, registered by a call: package.json says
// "sideEffects": false, so the build drops a bare `import '…'` of a module (it did, and no page
// ever refreshed a changed viewer: docs/decisions/297).
setViewerVersionHook(refreshStaleViewer);

const ABORT_DELAY = 5_000;

/**
 * The document render, with the request's CSP nonce (from the web server's load context) on every
 * inline script React and Remix write. A page without deferred data (today every page) is rendered
 * to one string and written once: streaming buys nothing when all data is there, and cost about a
 * quarter of the smallest page's time (docs/decisions/134). A page with deferred data
 * streams as Remix's default does (bots get it whole).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let nonce = loadContext.cspNonce || undefined;
  // A signed-out showcase page (docs/decisions/388): tagged by its data; a matching If-None-Match
  // is answered 304 before any render, and its nonce comes from the tag so a cached copy stays valid.
  if (responseStatusCode === 200 && isPublicPage(responseHeaders) && !hasDeferredData(remixContext)) {
    const etag = pageEtag(remixContext.manifest.version, remixContext.staticHandlerContext.loaderData);
    responseHeaders.set('ETag', etag);
    nonce = pageNonce(etag);
    loadContext.setCspNonce?.(nonce);
    if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers: responseHeaders });
  }
  if (!hasDeferredData(remixContext)) {
    const html = renderToString(
      <NonceProvider value={nonce ?? ''}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
    );
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
  }
  const whole = isbot(request.headers.get('user-agent')) || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [whole ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject above and are logged by Remix.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Whether a loader of this page returned `defer()` data that is still to come. */
function hasDeferredData(remixContext: EntryContext): boolean {
  return Object.keys(remixContext.staticHandlerContext.activeDeferreds ?? {}).length > 0;
}

/**
 * Errors Remix reports: an answer of 4xx (an unknown address, a page's own 404) is the visitor's
 * and shows only in the request line; anything else is ours and is logged with its stack
 * (docs/decisions/135). A visitor who went away is no error (docs/decisions/264).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
