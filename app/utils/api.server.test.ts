import { describe, expect, it } from 'vitest';

describe('the api client while the api is down', () => {
  it('ends the request with a 503 answer (the error page), not an error that renders as 500', async () => {
    // Nothing listens on the discard port; the module reads API_URL when it is first imported.
    process.env.API_URL = 'http://127.0.0.1:9';
    const { API_UNAVAILABLE_MESSAGE, apiFetch } = await import('./api.server');
    const thrown = await apiFetch('/users/me').then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: API_UNAVAILABLE_MESSAGE });
  });
});

describe('uploads to the api', () => {
  it('end with the same 503 answer while the api is down', async () => {
    process.env.API_URL = 'http://127.0.0.1:9';
    const { apiFetch } = await import('./api.server');
    const body = new FormData();
    body.append('files', new File(['x'], 'a.png', { type: 'image/png' }));
    const thrown = await apiFetch('/projects/images', { method: 'POST', body }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });
});

describe('calls to the api', () => {
  it('reuse their connections (keep-alive): twenty calls in a row open at most two', async () => {
    const http = await import('node:http');
    let connections = 0;
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const { apiFetch, fetchApi } = await import('./api.server');
      const { env } = await import('./env.server');
      // The module's API_URL was read at its first import: point this test's calls at its server.
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 10; i++) await (await fetchApi(`${base}/api/health`, { method: 'GET' })).text();
      env.API_URL = base;
      for (let i = 0; i < 10; i++) expect(await apiFetch('/health')).toEqual({ ok: true });
      // Node's fetch may open a second socket while the first is being handed back to its pool.
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
