import { renderToString } from 'react-dom/server';
// The router Remix itself runs on: its static handler loads and renders a route tree on the server.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import type { RouteObject } from 'react-router-dom';

/**
 * The HTML a route tree renders at `url` (loaders run, thrown responses reach the error
 * boundaries), as the server renders it for a browser without JavaScript.
 */
export async function renderRoutes(routes: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://test')));
  if (context instanceof Response) throw new Error(`the routes answered ${url} with a redirect`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}
