import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_REQUIRED_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  firmRegistrationOperations as ops,
  VERIFICATION_PROMISE,
} from '../../contract/firm-registration.js';
import { isFirmRole, ROLE_LABELS, VERIFY } from '../../contract/vocabulary.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { withReceivedFiles } from '../../files/receive-files.js';
import { REGISTRATION_DOCUMENT, SPEC_UPLOAD } from '../../files/upload-kinds.js';
import { storeProjectImages } from '../../files/project-image-uploads.js';
import { isProjectImageExt } from '../../services/file-types.js';
import { claimDocument, deleteDocument, documentDownload, findDocumentUpload, isDocumentExt, uploadDocument } from '../../services/firm-documents.js';
import { placeRuleErrors } from '../../contract/places.js';
import { hashPassword } from '../../services/passwords.js';
import { OPEN_STATES, submitRegistration } from '../../queries/firm-registration.js';
import { userJson, type UserRow } from '../../queries/users.js';
import { routeOf } from '../declared.js';

/** Whether an account may submit a firm registration now (docs/decisions/041). */
export function canRegisterFirm(user: UserRow): boolean {
  if (user.isSuperAdmin) return false;
  if (user.role !== 'explorer' && !isFirmRole(user.role)) return false;
  return (OPEN_STATES as number[]).includes(user.isVerify);
}

function registrationRefusal(user: UserRow): HttpError {
  if (user.isVerify === VERIFY.pending) return conflict('Your firm registration is already waiting for verification');
  if (user.isVerify === VERIFY.approved) return conflict('Your firm is already registered and verified');
  return forbidden('Only explorer and firm accounts can register a firm');
}

const documentError = (status: number, message: string) => new HttpError(status, message, [{ path: 'files', message }]);

export const firmRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, mailer, config } = app.ctx;

  app.route({
    ...routeOf(ops.upload),
    handler: async (request) => {
      const { user } = request.session;
      // A firm's employees work inside its workspace; they never register a firm of their own.
      if (user.role === 'employee') throw forbidden('Employees cannot upload registration documents');
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the document as multipart/form-data in the field "files"');
      }
      // The spec's client sends its portfolio images here too (decision 143): a firm's images take
      // the project image path (type by content, re-encoded, pending uploads of its own).
      const firm = isFirmRole(user.role);
      const kind = firm ? SPEC_UPLOAD : REGISTRATION_DOCUMENT;
      const stored = await withReceivedFiles(request, { accountId: user.id, fileFields: ['files'], ...kind }, async ({ files }) => {
        const images = files.filter((f) => isProjectImageExt(f.type?.ext));
        if (images.length > 0) {
          if (images.length !== files.length) throw badRequest('Send either images or one document', [{ path: 'files', message: 'Send either images or one document' }]);
          const stored = await storeProjectImages(db, storage, user.id, images, request.log);
          return { urls: stored.map((i) => i.url), names: images.map((f) => f.fileName) };
        }
        // The first file is the document (an empty file input of a browser form sends no file).
        const file = files[0];
        if (!file || !isDocumentExt(file.type?.ext)) return null;
        if (file.size > DOCUMENT_MAX_BYTES) throw documentError(413, DOCUMENT_TOO_LARGE_MESSAGE);
        const document = await uploadDocument(db, storage, user.id, { path: file.path, fileName: file.fileName, ext: file.type.ext, size: file.size });
        return { urls: [document.reference], names: [document.name] };
      }).catch((error: unknown) => {
        // One document per registration: its errors go under the form's file field, `files`.
        if (!firm && error instanceof HttpError && [400, 413, 415].includes(error.statusCode)) throw documentError(error.statusCode, error.message);
        throw error;
      });
      if (!stored) throw documentError(400, DOCUMENT_REQUIRED_MESSAGE);
      return stored;
    },
  });

  app.route({
    ...routeOf(ops.register),
    handler: async (request) => {
      const { user } = request.session;
      if (!canRegisterFirm(user)) throw registrationRefusal(user);
      const body = request.body;

      const details = placeRuleErrors(body);
      if (!user.passwordHash && !body.password) details.push({ path: 'password', message: 'Password is required' });
      const document = await findDocumentUpload(db, user.id, body.documentURL);
      if (!document) details.push({ path: 'documentURL', message: 'Upload the document again' });
      if (details.length) throw badRequest(details[0]!.message, details);

      // A password is set only for an account without one; an existing password never changes here.
      const passwordHash = !user.passwordHash && body.password ? await hashPassword(body.password) : undefined;
      const previousDocument = user.documentKey;
      const row = await submitRegistration(db, {
        user,
        body,
        document: document!,
        passwordHash,
        // The upload becomes the registration's document; of two requests using it, one gets it.
        claimDocument: async (tx) => {
          if (!(await claimDocument(tx, user.id, document!.id))) {
            throw badRequest('Upload the document again', [{ path: 'documentURL', message: 'Upload the document again' }]);
          }
        },
      });
      if (!row) throw conflict('Your firm registration is already waiting for verification');

      // The document of an earlier (rejected) registration is no longer needed.
      if (previousDocument && previousDocument !== document!.key) await deleteDocument(storage, previousDocument).catch(() => {});

      await mailer
        .send({
          to: row.email,
          subject: 'We received your firm registration',
          text:
            `Hello ${row.userName},\n\nThank you for registering ${row.firmName} (${ROLE_LABELS[body.firmType]}). ` +
            `${VERIFICATION_PROMISE}; we will write to you as soon as it is done.\n\n${config.PUBLIC_URL}/explore`,
        })
        .catch((error) => request.log.error({ err: error }, 'registration mail failed'));
      return { user: await userJson(db, row) };
    },
  });

  app.route({
    ...routeOf(ops.status),
    handler: async (request) => {
      const { user } = request.session;
      return {
        data: {
          isVerify: user.isVerify,
          verifyNote: user.verifyNote,
          role: user.role,
          HasPassword: user.passwordHash !== null,
          firmName: user.firmName,
          firmType: user.firmType,
          businessEmail: user.businessEmail,
          contactNo: user.contactNo,
          website: user.website,
          address: user.address,
          country: user.country,
          state: user.state,
          city: user.city,
          documentName: user.documentKey ? user.documentName : null,
          canRegister: canRegisterFirm(user),
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.document),
    handler: async (request, reply) => {
      const { user } = request.session;
      if (!user.documentKey) throw notFound('Invalid document URL');
      return sendStoredFile(reply, request, documentDownload(user.documentKey, user.documentName));
    },
  });
};
