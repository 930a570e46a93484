import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, postMultipart, type MultipartPart, type TestApi } from '../../../tests/helpers/test-api';
import { docFile, docxFile, pdfFile, pngFile, textFile } from '../../../tests/helpers/documents';
import { DOCUMENT_MAX_BYTES } from '../../contract/firm-registration';
import { VERIFY } from '../../contract/vocabulary';
import { auditLog, users } from '../../db/schema/index';
import { createFirm, createUser } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function explorer(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(api.db, { role: 'explorer', ...fields });
  const { token } = await createSession(api.db, user.id, { remember: false });
  return { user, token };
}

const upload = (token: string | null, parts: MultipartPart[]) => postMultipart(api, '/api/users/upload/file', parts, token);

/** The document part of an upload, as the register-firm form sends it. */
const documentPart = (file: { name: string; data: Buffer; type?: string }): MultipartPart => ({ name: 'files', file: file.data, filename: file.name, type: file.type });

async function uploadPdf(token: string, name = 'registration.pdf') {
  const res = await upload(token, [documentPart({ name, data: pdfFile(), type: 'application/pdf' })]);
  expect(res.statusCode).toBe(200);
  return res.json().urls[0] as string;
}

const register = (token: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url: '/api/users/user-firm', payload: payload as object, headers: bearer(token) });

const validFirm = (documentURL: string, extra: Record<string, unknown> = {}) => ({
  firmName: 'Kiln & Timber Studio',
  firmType: 'interiorDesigner',
  businessEmail: 'Hello@Kiln-Timber.example',
  contactNo: '98200 12345',
  website: 'kiln-timber.example',
  address: '12 MG Road, Camp',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  documentURL,
  ...extra,
});

const rowOf = async (id: string) => (await api.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/users/upload/file (the registration document)', () => {
  it('accepts a PDF, a DOCX and a DOC by their content and answers an opaque private reference', async () => {
    const { token } = await explorer();
    for (const file of [
      { name: 'certificate.pdf', data: pdfFile() },
      { name: 'gst.docx', data: docxFile() },
      { name: 'old-form.doc', data: docFile() },
    ]) {
      const res = await upload(token, [documentPart(file)]);
      expect(res.statusCode, file.name).toBe(200);
      const body = res.json();
      expect(body.urls).toHaveLength(1);
      expect(body.urls[0]).toMatch(/^private:document\/[0-9a-f]{24}$/);
      expect(body.names).toEqual([file.name]);
    }
  });

  it('refuses a text file named .pdf, an image, and a DOC impostor with 415 and the spec message', async () => {
    const { token } = await explorer();
    for (const file of [
      { name: 'certificate.pdf', data: textFile(), type: 'application/pdf' },
      { name: 'scan.pdf', data: pngFile(), type: 'application/pdf' },
      // An OLE compound file is taken as a Word document only when its name says .doc.
      { name: 'sheet.xls', data: docFile() },
    ]) {
      const res = await upload(token, [documentPart(file)]);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().message).toBe('Only PDF, DOC, or DOCX files are allowed');
    }
  });

  it('answers "Document is required" when no file is sent, and for an empty file input', async () => {
    const { token } = await explorer();
    const none = await upload(token, [{ name: 'note', value: 'no file here' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Document is required');
    // A browser's empty file input: a part with an empty name and no bytes.
    const empty = await upload(token, [documentPart({ name: '', data: Buffer.alloc(0) })]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Document is required');
  });

  it('refuses a document over 10 MB with 413', async () => {
    const { token } = await explorer();
    const big = Buffer.concat([pdfFile(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await upload(token, [documentPart({ name: 'huge.pdf', data: big })]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The document is larger than 10 MB');
  });

  it('needs a signed-in user, and a multipart body', async () => {
    const anonymous = await upload(null, [documentPart({ name: 'a.pdf', data: pdfFile() })]);
    expect(anonymous.statusCode).toBe(401);
    const { token } = await explorer();
    const json = await api.app.inject({ method: 'POST', url: '/api/users/upload/file', payload: { files: 'x' }, headers: bearer(token) });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart/);
  });

  it('answers 400, not 500, for a broken multipart body', async () => {
    const { token } = await explorer();
    // Cut off inside the file part (no closing boundary); the end arrives a moment later, as from a socket.
    const body = new Readable({ read() {} });
    body.push('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut');
    setTimeout(() => body.push(null), 20);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/users/upload/file',
      payload: body,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('keeps the file private: nothing under the public uploads folder, no /uploads url reaches it', async () => {
    const { user, token } = await explorer();
    const reference = await uploadPdf(token);
    const hex = reference.split('/').pop()!;
    const publicFiles = await fs.readdir(api.config.uploadsDir, { recursive: true }).catch(() => [] as string[]);
    expect(publicFiles.filter((f) => String(f).includes(hex))).toEqual([]);
    const privateFile = path.join(api.config.privateDir, 'firm-documents', user.id, `${hex}.pdf`);
    expect((await fs.stat(privateFile)).isFile()).toBe(true);
    for (const url of [`/uploads/firm-documents/${user.id}/${hex}.pdf`, `/uploads/${hex}.pdf`, `/uploads/../private/firm-documents/${user.id}/${hex}.pdf`]) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('POST /api/users/user-firm', () => {
  it('registers an explorer who has a password: role becomes the firm type, isVerify 1, mail and audit row written', async () => {
    const { user, token } = await explorer({ password: 'secret123' });
    const reference = await uploadPdf(token, 'Kiln Certificate.pdf');
    const res = await register(token, validFirm(reference, { password: 'a-new-one' }));
    expect(res.statusCode).toBe(200);
    const { user: registered } = res.json();
    expect(registered).toMatchObject({
      id: user.id,
      role: 'interiorDesigner',
      firmType: 'interiorDesigner',
      firmName: 'Kiln & Timber Studio',
      isVerify: VERIFY.pending,
      contactNo: '9820012345',
      website: 'https://kiln-timber.example',
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      HasPassword: true,
    });
    // The document's storage key never travels back.
    expect(res.body).not.toMatch(/firm-documents|documentKey/);

    const row = await rowOf(user.id);
    expect(row.businessEmail).toBe('hello@kiln-timber.example');
    expect(row.address).toBe('12 MG Road, Camp');
    expect(row.documentName).toBe('Kiln Certificate.pdf');
    expect(row.documentKey).toMatch(new RegExp(`^firm-documents/${user.id}/[0-9a-f]{24}\\.pdf$`));

    // An existing password is never changed by a registration.
    await expect(loginToken(api, user.email, 'secret123')).resolves.toBeTruthy();

    const mails = (await api.outbox()).filter((m) => m.to === user.email);
    expect(mails.at(-1)!.subject).toBe('We received your firm registration');
    expect(mails.at(-1)!.text).toContain('Your account will be verified within 48 business hours');

    const [audit] = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'firm.registered')));
    expect(audit).toMatchObject({ actorId: user.id, details: expect.objectContaining({ firmName: 'Kiln & Timber Studio', firmType: 'interiorDesigner' }) });
  });

  it('asks an account without a password (social sign-in) for one, and sets it', async () => {
    const { user, token } = await explorer({ password: null, loginType: 'google' });
    const reference = await uploadPdf(token);
    const missing = await register(token, validFirm(reference));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ path: 'password', message: 'Password is required' });

    const short = await register(token, validFirm(reference, { password: 'abc' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual({ path: 'password', message: 'Password must be at least 6 characters long' });

    const ok = await register(token, validFirm(reference, { password: 'chosen-pass' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ HasPassword: true, isVerify: VERIFY.pending, role: 'interiorDesigner' });
    expect((await rowOf(user.id)).passwordHash).toMatch(/^\$argon2id\$/);
    await expect(loginToken(api, user.email, 'chosen-pass')).resolves.toBeTruthy();
  });

  it('answers every missing field with its message', async () => {
    const { token } = await explorer();
    const res = await register(token, {});
    expect(res.statusCode).toBe(400);
    const messages = res.json().details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'firmName: Firm name is required',
        'firmType: Firm type is required',
        'businessEmail: Business email is required',
        'contactNo: Contact number is required',
        'address: Address is required',
        'country: Country is required',
        'documentURL: Document is required',
      ]),
    );
  });

  it('checks the contact number, the website, the firm type and the place', async () => {
    const { token } = await explorer();
    const reference = await uploadPdf(token);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ contactNo: '12345' }, 'contactNo', 'Enter a valid 10-digit phone number'],
      [{ contactNo: '98200123456' }, 'contactNo', 'Enter a valid 10-digit phone number'],
      [{ website: 'not a site' }, 'website', 'Enter a valid website address'],
      [{ firmType: 'explorer' }, 'firmType', 'Firm type is required'],
      [{ businessEmail: 'nope' }, 'businessEmail', 'Invalid email format'],
      [{ state: undefined, city: undefined }, 'state', 'State is required'],
      [{ city: undefined }, 'city', 'City is required'],
      [{ country: 'Atlantis' }, 'country', 'Choose a country from the list'],
      [{ state: 'Bavaria' }, 'state', 'Choose a state of the chosen country'],
      [{ city: 'Bengaluru' }, 'city', 'Choose a city of the chosen state'],
    ];
    for (const [change, pathName, message] of cases) {
      const res = await register(token, validFirm(reference, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().details, JSON.stringify(change)).toContainEqual({ path: pathName, message });
    }
  });

  it("accepts only the caller's own, unused document reference", async () => {
    const owner = await explorer();
    const reference = await uploadPdf(owner.token);
    const other = await explorer();
    const stolen = await register(other.token, validFirm(reference));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details).toContainEqual({ path: 'documentURL', message: 'Upload the document again' });

    for (const forged of ['firm-documents/x.pdf', `private:document/${'0'.repeat(24)}`, '../../etc/passwd', 'https://evil.example/a.pdf']) {
      const res = await register(owner.token, validFirm(forged));
      expect(res.statusCode, forged).toBe(400);
    }
    expect((await register(owner.token, validFirm(reference))).statusCode).toBe(200);
  });

  it('refuses a second registration while pending (409) and after approval (409), an employee (403), an admin token (401)', async () => {
    const { user, token } = await explorer();
    expect((await register(token, validFirm(await uploadPdf(token)))).statusCode).toBe(200);
    const again = await register(token, validFirm(await uploadPdf(token)));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your firm registration is already waiting for verification');

    await api.db.update(users).set({ isVerify: VERIFY.approved }).where(eq(users.id, user.id));
    const approved = await register(token, validFirm(await uploadPdf(token)));
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('Your firm is already registered and verified');

    const firm = await createFirm(api.db);
    const employee = await createUser(api.db, { role: 'employee', firmId: firm.id });
    const { token: employeeToken } = await createSession(api.db, employee.id, { remember: false });
    // An employee can neither upload a registration document (nothing is stored) nor register.
    const employeeUpload = await upload(employeeToken, [documentPart({ name: 'a.pdf', data: pdfFile() })]);
    expect(employeeUpload.statusCode).toBe(403);
    expect(employeeUpload.json().message).toBe('Employees cannot upload registration documents');
    expect(await fs.readdir(path.join(api.config.privateDir, 'firm-documents', employee.id)).catch(() => [])).toEqual([]);
    expect((await register(employeeToken, validFirm('private:document/' + 'a'.repeat(24)))).statusCode).toBe(403);

    const admin = await createUser(api.db, { isSuperAdmin: true });
    const { token: adminToken } = await createSession(api.db, admin.id, { remember: false, kind: 'admin' });
    expect((await register(adminToken, validFirm('private:document/' + 'a'.repeat(24)))).statusCode).toBe(401);
    expect((await upload(adminToken, [documentPart({ name: 'a.pdf', data: pdfFile() })])).statusCode).toBe(401);
  });

  it('lets a firm that signed up with a firm role but was never verified register, and one that was rejected register again', async () => {
    const firm = await createUser(api.db, { role: 'architect', firmType: 'architect', isVerify: VERIFY.none });
    const { token } = await createSession(api.db, firm.id, { remember: false });
    expect((await register(token, validFirm(await uploadPdf(token), { firmType: 'architect' }))).statusCode).toBe(200);

    const firstKey = (await rowOf(firm.id)).documentKey!;
    await api.db.update(users).set({ isVerify: VERIFY.rejected, verifyNote: 'The certificate is unreadable' }).where(eq(users.id, firm.id));
    const status = await api.app.inject({ method: 'GET', url: '/api/users/firm-registration', headers: bearer(token) });
    expect(status.json().data).toMatchObject({ isVerify: VERIFY.rejected, verifyNote: 'The certificate is unreadable', canRegister: true, firmName: 'Kiln & Timber Studio' });

    const again = await register(token, validFirm(await uploadPdf(token, 'clear-scan.pdf'), { firmType: 'architectureAndInterior' }));
    expect(again.statusCode).toBe(200);
    const row = await rowOf(firm.id);
    expect(row).toMatchObject({ isVerify: VERIFY.pending, verifyNote: null, role: 'architectureAndInterior', documentName: 'clear-scan.pdf' });
    // The rejected registration's document is removed.
    await expect(fs.stat(path.join(api.config.privateDir, firstKey))).rejects.toThrow();
  });

  it('answers 400, not 500, for malformed bodies', async () => {
    const { token } = await explorer();
    const bodies: Array<{ payload: string; type: string }> = [
      { payload: '{"firmName": ', type: 'application/json' },
      { payload: '[1,2,3]', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: JSON.stringify({ firmName: { $ne: 1 }, contactNo: 9820012345 }), type: 'application/json' },
      { payload: JSON.stringify(validFirm('private:document/' + 'b'.repeat(24), { firmName: 'Nul\u0000Studio', address: 'x\u0000' })), type: 'application/json' },
    ];
    for (const { payload, type } of bodies) {
      const res = await api.app.inject({ method: 'POST', url: '/api/users/user-firm', payload, headers: { 'content-type': type, ...bearer(token) } });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().message, payload).toEqual(expect.any(String));
    }
  });
});

describe('the owner and their document', () => {
  it('the owner downloads their own document; nobody else has a way to it', async () => {
    const { user, token } = await explorer();
    const reference = await uploadPdf(token, 'Proof of practice.pdf');
    expect((await register(token, validFirm(reference))).statusCode).toBe(200);

    const own = await api.app.inject({ method: 'GET', url: '/api/users/firm-registration/document', headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect(own.headers['content-disposition']).toContain("filename*=UTF-8''Proof%20of%20practice.pdf");
    expect(own.rawPayload.equals(pdfFile())).toBe(true);

    // Another user: their own (none) document endpoint answers 404, the admin download 403 (signed in, not the super-admin).
    const other = await explorer();
    expect((await api.app.inject({ method: 'GET', url: '/api/users/firm-registration/document', headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/admin/user/${user.id}`, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'GET', url: `/api/admin/user/${user.id}` })).statusCode).toBe(401);
    // The public profile of the (pending) firm shows no document either.
    const profile = await api.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: bearer(other.token) });
    expect(profile.statusCode).toBe(404);
  });

  it('keeps a UTF-8 file name', async () => {
    const { token } = await explorer();
    const res = await upload(token, [documentPart({ name: 'Zertifikat Müller.pdf', data: pdfFile() })]);
    expect(res.statusCode).toBe(200);
    expect(res.json().names).toEqual(['Zertifikat Müller.pdf']);
  });
});
