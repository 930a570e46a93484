import { afterAll, describe, expect, it, vi } from 'vitest';

// The web's modules read API_URL when first imported: each test below imports them afresh (decision 186).
afterAll(() => vi.unstubAllEnvs());

describe('the api client while the api is down', () => {
  it('ends the request with a 503 answer (the error page), not an error that renders as 500', async () => {
    // Nothing listens on the discard port; the module reads API_URL when it is first imported.
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    vi.resetModules();
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

describe('the api client while an api replica stops (docs/decisions/380)', () => {
  it('tries a refused call again for API_REFUSED_RETRY_MS: a JSON call and a form reach the api once it listens', async () => {
    const http = await import('node:http');
    // A port nothing listens on yet: the api starts there 600 ms after the calls.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as import('node:net').AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const seen: string[] = [];
    const api = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    });
    vi.stubEnv('API_URL', `http://127.0.0.1:${port}`);
    vi.stubEnv('API_REFUSED_RETRY_MS', '5000');
    vi.resetModules();
    const { apiFetch } = await import('./api.server');
    const form = new FormData();
    form.set('body', 'hello');
    const calls = Promise.all([apiFetch('/users/me'), apiFetch('/projects/x/chat', { method: 'POST', body: form })]);
    setTimeout(() => api.listen(port, '127.0.0.1'), 600);
    try {
      const answers = await calls;
      expect(answers).toEqual([{ ok: true }, { ok: true }]);
      expect(seen.sort()).toEqual(['GET /api/users/me', 'POST /api/projects/x/chat']);
    } finally {
      await new Promise((resolve) => api.close(resolve));
      vi.unstubAllEnvs();
    }
  });
});

describe('uploads to the api', () => {
  it('end with the same 503 answer while the api is down', async () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    vi.resetModules();
    const { apiFetch } = await import('./api.server');
    const body = new FormData();
    body.append('files', new File(['x'], 'a.png', { type: 'image/png' }));
    const thrown = await apiFetch('/projects/images', { method: 'POST', body }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });
});

describe('calls to the api', () => {
  it('reuse their connections (keep-alive): ten calls in a row open one or two per client', async () => {
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
      // fetchApi (files, streams: Node's fetch) may open a second socket while the first is being handed back to its pool.
      for (let i = 0; i < 10; i++) await (await fetchApi(`${base}/api/health`, { method: 'GET' })).text();
      expect(connections).toBeLessThanOrEqual(2);
      // apiFetch (every page's JSON calls: node:http's keep-alive agent, decision 179) opens one.
      connections = 0;
      env.API_URL = base;
      for (let i = 0; i < 10; i++) expect(await apiFetch('/health')).toEqual({ ok: true });
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a JSON call to the api', () => {
  it('sends its JSON body, reads the answer’s headers and turns a refusal into an ApiError with the api’s message', async () => {
    const http = await import('node:http');
    const seen: Array<{ method?: string; type?: string; length?: string; body: string }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, type: req.headers['content-type'], length: req.headers['content-length'], body });
        const refused = req.url === '/api/refuse';
        res.writeHead(refused ? 422 : 200, { 'content-type': 'application/json', 'x-probe': 'yes' });
        res.end(refused ? JSON.stringify({ message: 'Name is required', details: [{ path: 'name', message: 'Name is required' }] }) : '{"ok":"é"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const { apiFetch, ApiError } = await import('./api.server');
      const { env } = await import('./env.server');
      env.API_URL = `http://127.0.0.1:${port}`;
      let probe: string | null = null;
      expect(await apiFetch('/echo', { method: 'POST', json: { name: 'Zoë' }, onHeaders: (header) => (probe = header('X-Probe')) })).toEqual({ ok: 'é' });
      expect(probe).toBe('yes');
      expect(seen[0]).toEqual({ method: 'POST', type: 'application/json', length: String(Buffer.byteLength('{"name":"Zoë"}')), body: '{"name":"Zoë"}' });
      const refusal = await apiFetch('/refuse', { method: 'PUT', json: {} }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ status: 422, message: 'Name is required', details: [{ path: 'name', message: 'Name is required' }] });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a call the api sheds for load', () => {
  it('ends the request with the 503 answer and its Retry-After (not an error that renders as 500)', async () => {
    const http = await import('node:http');
    const server = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      res.end(JSON.stringify({ message: 'The service is busy. Please try again in a moment.', code: 'busy' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { apiFetch } = await import('./api.server');
      const { env } = await import('./env.server');
      env.API_URL = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
      const thrown = await apiFetch('/projects/explore').catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await response.json()).message).toMatch(/busy/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('an api that is alive but does not answer', () => {
  it('ends the request with the 503 answer once the answer is overdue, instead of holding the visitor', async () => {
    const http = await import('node:http');
    // Takes the call and never answers: a hung api, as the deadlock of decision 302 looked from the web.
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { API_UNAVAILABLE_MESSAGE, apiFetch } = await import('./api.server');
      const { env } = await import('./env.server');
      env.API_URL = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
      const thrown = await apiFetch('/projects/explore', { timeoutMs: 200 }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: API_UNAVAILABLE_MESSAGE });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
