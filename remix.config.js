/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
  serverModuleFormat: 'esm',
  // Server-only packages stay out of the client bundle; these are ESM-only and must be bundled for the server.
  // No lazy route discovery: the workspace shell reads the route manifest to show only the links
  // and crumbs that pages answer, on the server and in the browser alike (docs/decisions/160).
  serverDependenciesToBundle: [/^remix-utils.*/, /^remix-toast/],
};
