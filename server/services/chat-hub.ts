import type { Listen } from '../db/connection.js';

/** The PostgreSQL channel every api replica listens on; a chat message's commit notifies `<projectId>:<seq>`. */
export const CHAT_CHANNEL = 'chat_messages';

type Wake = () => void;

/**
 * Who holds an open Group Chat stream in this api process, by project (docs/decisions/116). The
 * process LISTENs once on CHAT_CHANNEL; a NOTIFY (from this replica or any other) wakes the streams
 * of its project, and each stream reads the messages after the last one it sent: the table is the
 * truth, a notification only says "look". A stream woken twice reads nothing new the second time,
 * so nothing is sent twice; a listening connection that comes back wakes every stream, which
 * catches up what was committed while it was away.
 */
export class ChatHub {
  private readonly streams = new Map<string, Set<Wake>>();
  private started: Promise<() => Promise<void>> | null = null;
  private readonly closers = new Set<() => void>();

  constructor(private readonly listen: Listen | undefined) {}

  /** Whether live streams can be served (an api process has LISTEN; seed scripts do not). */
  get available(): boolean {
    return this.listen !== undefined;
  }

  private start() {
    if (!this.listen) throw new Error('ChatHub: no LISTEN on this database handle');
    this.started ??= this.listen(
      CHAT_CHANNEL,
      (payload) => {
        const projectId = payload.split(':')[0] ?? '';
        for (const wake of this.streams.get(projectId) ?? []) wake();
      },
      () => {
        for (const set of this.streams.values()) for (const wake of set) wake();
      },
    );
    return this.started;
  }

  /**
   * Registers a stream of `projectId`; `wake` is called on every notification for it. `close` ends
   * the stream when the api shuts down. Resolves once this process is listening, so a message
   * committed after that moment is never missed. Returns the function that unregisters it.
   */
  async subscribe(projectId: string, wake: Wake, close: () => void): Promise<() => void> {
    await this.start();
    let set = this.streams.get(projectId);
    if (!set) this.streams.set(projectId, (set = new Set()));
    set.add(wake);
    this.closers.add(close);
    return () => {
      set.delete(wake);
      if (!set.size) this.streams.delete(projectId);
      this.closers.delete(close);
    };
  }

  /** Streams open in this process (tests, health). */
  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Ends every open stream (before the server closes: a held connection would keep it open) and stops listening. */
  async close() {
    for (const close of [...this.closers]) close();
    const started = this.started;
    this.started = null;
    if (started) await (await started.catch(() => async () => undefined))();
  }
}
