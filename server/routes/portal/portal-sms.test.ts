import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { tokensOf } from '../../../tests/helpers/sessions';
import { PORTAL_MESSAGES as M, type PortalOverview, type ProofReply } from '../../contract/portal';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';

/**
 * Codes by SMS (docs/decisions/430): where SMS_URL is set, the portal offers the contact's mobile
 * (masked) beside the mail, `?channel=sms` sends the code there through the gateway (JSON, bearer
 * token), and the code proves the address as a mailed one does. Without SMS_URL nothing of it shows.
 */

type Texted = { to: string; text: string; authorization: string | undefined };
const texted: Texted[] = [];
let gatewayStatus = 200;
const gateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    texted.push({
      ...(JSON.parse(body) as { to: string; text: string }),
      authorization: req.headers.authorization,
    });
    res.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{}');
  });
});

let withSms: TestApi;
let withoutSms: TestApi;
let address = 0;
const nextAddress = () => `10.8.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function portalOf(api: TestApi, contact: { name: string; email: string; phone: string }) {
  const firm = await createFirm(api.db, { firmName: 'Texting Studio' });
  const { owner } = await tokensOf(api.db, { owner: firm });
  const made = await createContact(api.db, firm.id, contact);
  const opened = await api.app.inject({
    method: 'POST',
    url: `/api/contacts/${made.id}/portal`,
    headers: bearer(owner),
    remoteAddress: nextAddress(),
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const token = (opened.json() as { data: { path: string } }).data.path.replace('/portal/', '');
  const ask = (api2: TestApi, query = '') =>
    api2.app.inject({
      method: 'POST',
      url: `/api/portal/${token}/code${query}`,
      remoteAddress: nextAddress(),
    });
  const overview = async () =>
    (
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/portal/${token}`,
          remoteAddress: nextAddress(),
        })
      ).json() as { data: PortalOverview }
    ).data;
  return { token, ask: (query?: string) => ask(api, query), overview };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  withSms = await createTestApi({
    SMS_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
    SMS_TOKEN: 'gateway-secret',
  });
  withoutSms = await createTestApi();
});
afterAll(async () => {
  await withSms?.close();
  await withoutSms?.close();
  gateway.close();
});

describe('codes by SMS where SMS_URL is set', () => {
  it('shows the masked mobile, texts the code through the gateway and the code proves the address', async () => {
    const portal = await portalOf(withSms, {
      name: 'Meera Iyer',
      email: 'meera@client.test',
      phone: '098450 77120',
    });
    expect((await portal.overview()).client).toEqual({
      name: 'Meera Iyer',
      maskedEmail: 'm***@client.test',
      maskedPhone: '+91 ••••• ••120',
    });

    const asked = await portal.ask('?channel=sms');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(M.codeSent('+91 ••••• ••120'));
    const sms = texted.at(-1)!;
    expect(sms).toMatchObject({
      to: '+919845077120',
      authorization: 'Bearer gateway-secret',
    });
    expect(sms.text).toContain('Texting Studio');
    const code = /^(\d{6}) is your code/.exec(sms.text)![1]!;
    // Nothing went by mail.
    expect((await withSms.outbox()).filter((m) => m.to === 'meera@client.test')).toEqual([]);
    const proved = await withSms.app.inject({
      method: 'POST',
      url: `/api/portal/${portal.token}/proof`,
      payload: { code },
      remoteAddress: nextAddress(),
    });
    expect(proved.statusCode, proved.body).toBe(201);
    expect((proved.json() as ProofReply).data.proof).toBeTruthy();
    // Mail stays the default.
    expect((await portal.ask()).json().message).toBe(M.codeSent('m***@client.test'));
  });

  it('refuses SMS for a contact without a mobile (a landline is not one) and says so when the gateway fails', async () => {
    const landline = await portalOf(withSms, {
      name: 'S. Deshpande',
      email: 'pmc@client.test',
      phone: '020 2550 1000',
    });
    expect((await landline.overview()).client.maskedPhone).toBeNull();
    const refused = await landline.ask('?channel=sms');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.noPhone);

    const mobile = await portalOf(withSms, {
      name: 'Rohan Mehta',
      email: 'rohan@client.test',
      phone: '98111 40022',
    });
    gatewayStatus = 500;
    try {
      const failed = await mobile.ask('?channel=sms');
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(M.smsFailed);
    } finally {
      gatewayStatus = 200;
    }
    const bogus = await mobile.ask('?channel=pigeon');
    expect(bogus.statusCode).toBe(400);
  });
});

describe('without SMS_URL', () => {
  it('offers no mobile and refuses SMS with a clear message', async () => {
    const portal = await portalOf(withoutSms, {
      name: 'Kavita Menon',
      email: 'kavita@client.test',
      phone: '98200 12345',
    });
    expect((await portal.overview()).client.maskedPhone).toBeNull();
    const refused = await portal.ask('?channel=sms');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.smsOff);
  });
});
