import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer, senderAddress } from './mail';

/**
 * The SMTP side of the mailer (SMTP_URL): a mail to a lead reaches every To, Cc and Bcc address in
 * the envelope, Bcc stays out of the headers, the firm's name is the sender's name and its email
 * the Reply-To (docs/decisions/123). A minimal SMTP server records what it is sent.
 */

type Received = { from: string; rcpt: string[]; data: string };

let server: net.Server;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', rcpt: [], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', rcpt: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        }
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.rcpt.push(/<([^>]*)>/.exec(line)?.[1] ?? line);
        if (verb === 'DATA') inData = true;
        socket.write(verb === 'DATA' ? '354 go ahead\r\n' : '250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the mailer over SMTP', () => {
  it('delivers to To, Cc and Bcc, with the firm as sender name and Reply-To, and no Bcc header', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Archivista <no-reply@archivista.example>', outboxDir: '/nonexistent', log: pino({ level: 'silent' }) });
    await mailer.send({
      to: ['client@example.test'],
      cc: ['partner@example.test'],
      bcc: ['archive@studio.example.test'],
      subject: 'Re: your enquiry',
      text: 'Thank you.',
      fromName: 'Mehta Studio Architects',
      replyTo: 'office@studio.example.test',
    });
    const mail = received.at(-1)!;
    expect(mail.from).toContain('<no-reply@archivista.example>');
    expect(mail.rcpt.sort()).toEqual(['archive@studio.example.test', 'client@example.test', 'partner@example.test']);
    expect(mail.data).toMatch(/^From: Mehta Studio Architects <no-reply@archivista\.example>$/m);
    expect(mail.data).toMatch(/^Reply-To: office@studio\.example\.test$/m);
    expect(mail.data).toMatch(/^Cc: partner@example\.test$/m);
    expect(mail.data).not.toMatch(/^Bcc:/m);
    expect(mail.data).not.toContain('archive@studio.example.test');
  });

  it("reads MAIL_FROM's address", () => {
    expect(senderAddress('Archivista <no-reply@archivista.example>')).toBe('no-reply@archivista.example');
    expect(senderAddress('no-reply@archivista.example')).toBe('no-reply@archivista.example');
  });
});

describe('the product name', () => {
  it('names the sender of every mail unless MAIL_FROM is set, and defaults to Archivista', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).MAIL_FROM).toBe('Archivista <no-reply@localhost>');
    expect(loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: 'Studio Desk' })).toMatchObject({ PRODUCT_NAME: 'Studio Desk', MAIL_FROM: 'Studio Desk <no-reply@localhost>' });
    expect(loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: 'Studio Desk', MAIL_FROM: 'Office <office@example.test>' }).MAIL_FROM).toBe('Office <office@example.test>');
    expect(loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: '' }).PRODUCT_NAME).toBe('Archivista');
  });
});
