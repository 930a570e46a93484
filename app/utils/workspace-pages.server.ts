import { routes } from '@remix-run/dev/server-build';
import { pagePatterns } from '~/components/workspace/route-exists';

let patterns: string[] | undefined;

/**
 * The patterns of the pages the workspace shell may link to (its sidebar and breadcrumb, under
 * /workspace, and the showcase at /), from this build's routes: the browser no longer has them all
 * (lazy route discovery, docs/decisions/173).
 */
export function workspacePagePatterns(): string[] {
  patterns ??= pagePatterns(Object.values(routes)).filter((pattern) => pattern === '/' || pattern === '/workspace' || pattern.startsWith('/workspace/'));
  return patterns;
}
