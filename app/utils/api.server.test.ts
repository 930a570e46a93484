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
