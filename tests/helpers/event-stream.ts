import http from 'node:http';

/**
 * A server-sent event stream read over real HTTP (a hijacked Fastify answer never ends, so
 * `inject` cannot read it): `next(n)` waits for n more events, `close()` aborts the request.
 */
export type StreamEvent = { id: string | null; event: string; data: string };

export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  // A connection of its own (no pool): a stream never shares a socket with an earlier answer.
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false, signal: controller.signal }, resolve);
    request.on('error', reject);
  });
  const response = {
    status: answer.statusCode ?? 0,
    headers: { get: (name: string) => (answer.headers[name.toLowerCase()] as string | undefined) ?? null },
    body: answer,
  };
  const events: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ id, event, data: data.join('\n') });
        }
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  return {
    response,
    events,
    /** Resolves once `count` events have arrived in all (rejects when the stream ends first). */
    async until(count: number) {
      while (events.length < count) {
        if (ended) throw new Error(`stream ended after ${events.length} events, expected ${count}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return events.slice(0, count);
    },
    /** Resolves when the server ends the stream (never resolved by close() alone being awaited first). */
    ended: reading,
    get isEnded() {
      return ended;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
