import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { KEEP_ALIVE_TIMEOUT_MS } from '../server/contract/drain-rules';
import { drainable } from '../server/http-drain';

/**
 * How a web process stops (docs/decisions/380, 304), the gate's and the renderer's alike: on
 * SIGTERM, SIGINT or the loss of its parent's IPC channel it serves on for `drainSeconds` with each
 * answer closing its connection (the proxy moves on to the other replicas), then closes its port,
 * lets the answers under way finish (idle keep-alive sockets are closed at once), runs `afterClose`
 * (the PDF browser, the renderer) and exits; `graceMs` after the drain it exits whatever is left.
 */
export function stopCleanly(server: Server, options: { drainSeconds: number; log: Logger; afterClose: () => Promise<unknown>; graceMs: number }) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const drain = drainable(server);
  let closing = false;
  function shutdown() {
    if (closing) return;
    closing = true;
    const drainMs = options.drainSeconds * 1000;
    options.log.info({ drainSeconds: options.drainSeconds }, 'shutting down');
    void drain.drain(drainMs).then(() => {
      server.close(() => void options.afterClose().finally(() => process.exit(0)));
      server.closeIdleConnections();
    });
    setTimeout(() => process.exit(0), drainMs + options.graceMs).unref();
  }
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('disconnect', shutdown);
}
