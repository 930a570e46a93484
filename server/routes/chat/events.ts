import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProjectAccess } from '../../auth/project-access.js';
import { CHAT_EVENT, chatOperations as ops } from '../../contract/chat.js';
import { routeOf } from '../declared.js';
import { serviceUnavailable } from '../../errors.js';
import { latestSeq, markChatRead, messagesAfter } from '../../queries/chat.js';

/** Messages a stream reads at once; a longer backlog is read in several rounds. */
const STREAM_BATCH = 100;
/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long; the browser reconnects at once with Last-Event-ID, and the new
 * request checks the session and the project access again (a revoked token or a removed member
 * stops receiving within this time).
 */
const STREAM_MAX_MS = 5 * 60_000;

/** A Last-Event-ID header as a seq, or undefined (absent or not a number: the query or the thread's end decides). */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** The thread's new messages as server-sent events, fed by PostgreSQL LISTEN/NOTIFY through the chat hub. */
export const chatEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, chatHub } = app.ctx;

  app.route({
    ...routeOf(ops.events),
    handler: async (request, reply) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      if (!chatHub.available) throw serviceUnavailable();
      let last = lastEventId(request.headers['last-event-id']) ?? request.query.after ?? (await latestSeq(db, project.id)).revision;
      const readerId = request.session.user.id;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: the web's compression leaves the stream alone (it would hold events back).
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        // The socket goes with the stream: a kept-alive one would hold the server's shutdown for its idle timeout.
        connection: 'close',
      });
      raw.write('retry: 3000\n\n');

      let closed = false;
      let reading = false;
      let readAgain = false;
      let unsubscribe: (() => void) | undefined;
      // Reads everything after `last` and sends it; a wake-up during a read reads once more after it.
      const send = async () => {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          do {
            readAgain = false;
            const messages = await messagesAfter(db, project.id, last, STREAM_BATCH);
            for (const message of messages) {
              if (closed) return;
              raw.write(`id: ${message.revision}\nevent: ${CHAT_EVENT}\ndata: ${JSON.stringify(message)}\n\n`);
              last = message.revision;
            }
            // An open conversation reads what it is sent (docs/decisions/172); an edit moves nothing.
            const newest = Math.max(0, ...messages.map((m) => m.seq));
            if (newest > 0) await markChatRead(db, readerId, project.id, newest);
            if (messages.length === STREAM_BATCH) readAgain = true;
          } while (readAgain && !closed);
        } catch (error) {
          request.log.error({ err: error }, 'chat stream read failed');
          end();
        } finally {
          reading = false;
        }
      };
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const maxAge = setTimeout(() => end(), STREAM_MAX_MS);
      function end() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        unsubscribe?.();
        socket.off('close', end);
        raw.end();
      }
      const socket = request.raw.socket;
      socket.once('close', end);
      raw.once('close', end);
      // A client gone during the checks above closed its socket before these listeners existed.
      if (socket.destroyed) end();
      try {
        unsubscribe = await chatHub.subscribe(project.id, readerId, () => void send(), end);
      } catch (error) {
        request.log.error({ err: error }, 'chat stream could not listen');
        end();
        return;
      }
      if (closed) unsubscribe();
      // What was committed before this stream listened (or while the browser was away).
      else await send();
    },
  });
};
