import type { Listen } from '../db/connection.js';

/**
 * The PostgreSQL channel every api replica listens on. A chat message's commit notifies
 * `<projectId>:<seq>`; the end of someone's access notifies `end:<userId>` or
 * `end:<userId>:<projectId>` (`endStreamsPayload`), which closes that person's
 * streams on every replica at once.
 */
export const CHAT_CHANNEL = 'chat_messages';

/** Default number of live streams one account may hold open on one api process (CHAT_STREAMS_PER_ACCOUNT). */
export const CHAT_STREAMS_PER_ACCOUNT = 5;

/** The payload that closes `userId`'s open streams: all of them, or those of one project. */
export const endStreamsPayload = (userId: string, projectId?: string) => (projectId ? `end:${userId}:${projectId}` : `end:${userId}`);

type Wake = () => void;
type Stream = { projectId: string; userId: string; wake: Wake; close: () => void };

/**
 * Who holds an open Group Chat stream in this api process, by project (docs/decisions/116). The
 * process LISTENs once on CHAT_CHANNEL; a NOTIFY (from this replica or any other) wakes the streams
 * of its project, and each stream reads the messages after the last one it sent: the table is the
 * truth, a notification only says "look". A stream woken twice reads nothing new the second time,
 * so nothing is sent twice; a listening connection that comes back wakes every stream, which
 * catches up what was committed while it was away.
 *
 * One account holds at most `perAccount` streams here (docs/decisions/242): opening one more closes
 * its oldest, so a cookie cannot pile up connections.
 */
export class ChatHub {
  private readonly streams = new Map<string, Set<Stream>>();
  /** Each account's streams, oldest first. */
  private readonly byUser = new Map<string, Stream[]>();
  private started: Promise<() => Promise<void>> | null = null;
  private readonly closers = new Set<() => void>();

  constructor(
    private readonly listen: Listen | undefined,
    private readonly perAccount: number = CHAT_STREAMS_PER_ACCOUNT,
  ) {}

  /** Whether live streams can be served (an api process has LISTEN; seed scripts do not). */
  get available(): boolean {
    return this.listen !== undefined;
  }

  private start() {
    if (!this.listen) throw new Error('ChatHub: no LISTEN on this database handle');
    this.started ??= this.listen(
      CHAT_CHANNEL,
      (payload) => {
        if (payload.startsWith('end:')) {
          const [, userId = '', projectId] = payload.split(':');
          this.closeStreamsOf(userId, projectId);
          return;
        }
        const projectId = payload.split(':')[0] ?? '';
        for (const stream of this.streams.get(projectId) ?? []) stream.wake();
      },
      () => {
        for (const set of this.streams.values()) for (const stream of set) stream.wake();
      },
    );
    return this.started;
  }

  /**
   * Registers `userId`'s stream of `projectId`; `wake` is called on every notification for it.
   * `close` ends the stream (the api shuts down, the person's access ended, or the account opened
   * one stream too many: the oldest goes). Resolves once this process is listening, so a message
   * committed after that moment is never missed. Returns the function that unregisters it.
   */
  async subscribe(projectId: string, userId: string, wake: Wake, close: () => void): Promise<() => void> {
    await this.start();
    const stream: Stream = { projectId, userId, wake, close };
    let set = this.streams.get(projectId);
    if (!set) this.streams.set(projectId, (set = new Set()));
    set.add(stream);
    this.closers.add(close);
    const own = this.byUser.get(userId) ?? [];
    own.push(stream);
    this.byUser.set(userId, own);
    // The oldest beyond the cap close (their unsubscribe runs from their close).
    for (const old of own.slice(0, Math.max(0, own.length - this.perAccount))) old.close();
    return () => {
      set.delete(stream);
      if (!set.size) this.streams.delete(projectId);
      this.closers.delete(close);
      const left = (this.byUser.get(userId) ?? []).filter((s) => s !== stream);
      if (left.length) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Closes `userId`'s streams in this process: all, or those of `projectId`. */
  private closeStreamsOf(userId: string, projectId?: string) {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) if (!projectId || stream.projectId === projectId) stream.close();
  }

  /** Streams open in this process (tests, health). */
  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Streams `userId` holds open in this process (tests). */
  streamsOf(userId: string): number {
    return this.byUser.get(userId)?.length ?? 0;
  }

  /** Ends every open stream (before the server closes: a held connection would keep it open) and stops listening. */
  async close() {
    for (const close of [...this.closers]) close();
    const started = this.started;
    this.started = null;
    if (started) await (await started.catch(() => async () => undefined))();
  }
}
