import type { FastifyBaseLogger } from 'fastify';

/**
 * Text messages for one-time codes (docs/decisions/430). The api does not speak any one SMS
 * provider's protocol (MSG91, Twilio, Exotel and the rest each have their own, and Indian senders
 * also need a DLT-registered template): it POSTs `{ to, text }` as JSON to SMS_URL, which is the
 * gateway itself where it takes that, or a few lines of adapter in front of it. Without SMS_URL there
 * is no SMS at all and the pages offer only mail.
 */
export type Texter = {
  readonly configured: boolean;
  /** Sends `text` to `to` (E.164, `+91…`); throws when the gateway does not take it. */
  send: (to: string, text: string) => Promise<void>;
};

const SMS_TIMEOUT_MS = 10_000;

export function createTexter(options: { url?: string; token?: string; log: FastifyBaseLogger }): Texter {
  const { url, token, log } = options;
  if (!url) {
    return {
      configured: false,
      send: async () => {
        throw new Error('SMS is not configured (SMS_URL)');
      },
    };
  }
  return {
    configured: true,
    async send(to, text) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (!answer.ok) throw new Error(`the SMS gateway answered ${answer.status}`);
      log.info({ to: `${to.slice(0, 3)}…${to.slice(-3)}` }, 'code sent by SMS');
    },
  };
}
