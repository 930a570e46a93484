/** The spec's matcher: `/` matches only exactly, any other path matches by prefix. */
export function matchesPath(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}
