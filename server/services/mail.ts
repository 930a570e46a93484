import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string | string[];
  subject: string;
  text: string;
  cc?: string[];
  bcc?: string[];
  /** Where replies go (a firm's email on its mails to a lead). */
  replyTo?: string;
  /** The sender's display name in place of MAIL_FROM's (a firm's name); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Files sent with the mail (an invoice's or a purchase order's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

export type Mailer = { send: (mail: Mail) => Promise<void> };

/** The address of a `Name <address>` sender (MAIL_FROM), or the text itself. */
export function senderAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** SMTP when a url is configured; otherwise each mail becomes a JSON file in the outbox folder, and is logged. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ fromName, ...mail }) {
        // A firm's name as the sender, the platform's address (mail from our domain stays deliverable).
        const from = fromName ? { name: fromName, address: senderAddress(options.from) } : options.from;
        await transport.sendMail({ ...mail, from });
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      // Attachments inline in base64: every file of the outbox stays one JSON mail.
      const attachments = mail.attachments?.map(({ filename, content, contentType }) => ({ filename, contentType, size: content.length, base64: content.toString('base64') }));
      // Written aside then renamed: whoever reads the outbox never finds half a mail.
      await fs.writeFile(`${file}.part`, JSON.stringify({ from: options.from, ...mail, attachments, sentAt: new Date().toISOString() }, null, 2));
      await fs.rename(`${file}.part`, file);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
