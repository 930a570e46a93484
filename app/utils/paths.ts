/** The spec's matcher: `/` matches only exactly, any other path matches by prefix. */
export function matchesPath(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

const NUMERIC = /^\d+$/;
const HEX_ID = /^[0-9a-f]{24}$/i;

/** Breadcrumb of the workspace header: path segments without numeric or 24-hex id segments. */
export function breadcrumb(pathname: string): Array<{ label: string; href: string }> {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Array<{ label: string; href: string }> = [];
  segments.forEach((segment, index) => {
    if (NUMERIC.test(segment) || HEX_ID.test(segment)) return;
    const label = decodeURIComponent(segment)
      .replace(/[-_]/g, ' ')
      .replace(/^\w/, (c) => c.toUpperCase());
    crumbs.push({ label, href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return crumbs;
}
