import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when a url is configured; otherwise each mail becomes a JSON file in the outbox folder, and is logged. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      await fs.writeFile(file, JSON.stringify({ from: options.from, ...mail, sentAt: new Date().toISOString() }, null, 2));
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
