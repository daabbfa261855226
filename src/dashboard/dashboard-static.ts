import type { NextFunction, Request, Response } from 'express';
import { basename, join, sep } from 'node:path';

/**
 * Where `npm run build` puts the web app (`vite build` of web/): dist/web, from the compiled
 * dist/src/dashboard as from the sources (tests) in src/dashboard.
 */
const projectOrDist = join(__dirname, '..', '..');
export const DASHBOARD_DIR =
  basename(projectOrDist) === 'dist'
    ? join(projectOrDist, 'web')
    : join(projectOrDist, 'dist', 'web');

export const DASHBOARD_ROOT = '/dashboard';

/** A path served by the dashboard (its pages and its assets). */
export function isDashboardPath(path: string): boolean {
  return path === DASHBOARD_ROOT || path.startsWith(`${DASHBOARD_ROOT}/`);
}

/**
 * Cache policy of the dashboard's files: the hashed files under assets/ never change under
 * their name (a year, immutable); index.html (also the answer for every client-side route)
 * is revalidated on each load so that a new release is picked up at once.
 */
export function dashboardCacheHeaders(res: Response, path: string): void {
  res.setHeader(
    'Cache-Control',
    path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

const ROOT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Agent Automation Service</title>
</head>
<body>
<main>
<h1>Agent Automation Service</h1>
<ul>
<li><a href="/dashboard/">Dashboard</a>: sign in to manage agents, executions, keys and users.</li>
<li><a href="/docs">API documentation</a> (and the OpenAPI document, <a href="/v2/openapi.json">/v2/openapi.json</a>).</li>
</ul>
</main>
</body>
</html>
`;

/** `GET /` (and HEAD): a small page pointing to the dashboard and the API documentation. */
export function rootPage(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.status(200).send(ROOT_PAGE);
}
