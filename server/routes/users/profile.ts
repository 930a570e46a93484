import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../body-limits.js';
import { PROFILE_IMAGE_MESSAGE, ProfileImageCrop } from '../../contract/profile.js';
import { accountOperations as ops } from '../../contract/account-operations.js';
import { routeOf } from '../declared.js';
import { badRequest, HttpError, notFound } from '../../errors.js';
import { firstField, withReceivedFiles } from '../../files/receive-files.js';
import { PROFILE_PHOTO } from '../../files/upload-kinds.js';
import { avatarKeys, InvalidImageError, storeAvatar } from '../../services/images.js';
import { placeRuleErrors } from '../../contract/places.js';
import { replaceTeams, updateUser, userJson } from '../../queries/users.js';


/** The firm profile (profile edit modal; scope `firm`). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.updateProfile),
    bodyLimit: BODY_LIMITS.profile,
    handler: async (request) => {
      const { user } = request.session;
      if (request.params.id !== user.id) throw notFound('User not found');
      const body = request.body;
      const placeDetails = placeRuleErrors(body);
      if (placeDetails.length) throw badRequest(placeDetails[0]!.message, placeDetails);
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, {
          firmName: body.firmName,
          firmType: body.firmType,
          // The firm type is the account's role (DESIGN.md section 2): the three firm roles act alike.
          role: body.firmType,
          country: body.country,
          state: body.state,
          city: body.city,
          contactNo: body.contactNo,
          businessEmail: body.businessEmail,
          website: body.website,
          userDetails: body.userDetails,
        });
        await replaceTeams(tx, user.id, body.teams);
        return row!;
      });
      return { data: await userJson(db, updated) };
    },
  });

};

/** The signed-in account's profile photo (scope `signedIn`). */
export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.profileImage),
    handler: async (request) => {
      const { user } = request.session;
      const url = await withReceivedFiles(
        request,
        { accountId: user.id, fileFields: ['file', 'files'], ...PROFILE_PHOTO },
        async (upload) => {
          const file = upload.files[0];
          if (!file) throw badRequest('Choose a photo', [{ path: 'file', message: 'Choose a photo' }]);
          const given = ['x', 'y', 'size'].filter((k) => (firstField(upload, k) ?? '').trim() !== '');
          let crop: ProfileImageCrop | null = null;
          if (given.length > 0) {
            const parsed = ProfileImageCrop.safeParse({ x: firstField(upload, 'x'), y: firstField(upload, 'y'), size: firstField(upload, 'size') });
            if (!parsed.success || given.length < 3) {
              throw badRequest('The crop needs whole numbers x, y (0 or more) and size (1 or more)', [
                { path: 'crop', message: 'The crop needs whole numbers x, y (0 or more) and size (1 or more)' },
              ]);
            }
            crop = parsed.data;
          }
          try {
            return await storeAvatar(storage, user.id, file.path, crop);
          } catch (error) {
            if (error instanceof InvalidImageError) throw new HttpError(415, PROFILE_IMAGE_MESSAGE, [{ path: 'file', message: `${file.fileName}: ${PROFILE_IMAGE_MESSAGE}` }]);
            throw error;
          }
        },
      );
      const row = await updateUser(db, user.id, { profileImage: url });
      await storage.delete('public', avatarKeys(user.profileImage));
      return { data: await userJson(db, row!) };
    },
  });
};
