import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema/index.js';
import { VERIFY } from '../contract/vocabulary.js';
import { storeDocument } from '../services/firm-documents.js';
import type { Storage } from '../services/storage/storage.js';
import { simplePdf } from './documents.js';
import { createUser } from './factories.js';

/** The demo's firm registration waiting for the super-admin, with its (generated) PDF document. */
export const DEMO_PENDING_FIRM = {
  userName: 'Vikram Verma',
  email: 'pending@demo.test',
  firmName: 'Verma Design Works',
  firmType: 'architectureAndInterior',
} as const;

export async function seedPendingFirm(db: Database, storage: Storage, password: string) {
  const user = await createUser(db, { userName: DEMO_PENDING_FIRM.userName, email: DEMO_PENDING_FIRM.email, password, role: 'explorer' });
  const pdf = simplePdf([
    'Certificate of Registration',
    `Firm: ${DEMO_PENDING_FIRM.firmName}`,
    'Partners: Vikram Verma, Ila Verma',
    'Registered office: 44 Park Street, Kolkata, West Bengal',
    'Council of Architecture registration no. CA/2016/77812',
    'This is a generated demo document.',
  ]);
  const documentKey = await storeDocument(storage, user.id, pdf, 'pdf');
  await db
    .update(users)
    .set({
      role: DEMO_PENDING_FIRM.firmType,
      firmType: DEMO_PENDING_FIRM.firmType,
      firmName: DEMO_PENDING_FIRM.firmName,
      businessEmail: 'studio@vermadesign.example',
      contactNo: '9830098300',
      website: 'https://vermadesign.example',
      address: '44 Park Street',
      country: 'India',
      state: 'West Bengal',
      city: 'Kolkata',
      documentKey,
      documentName: 'Verma Design Works - registration.pdf',
      isVerify: VERIFY.pending,
    })
    .where(eq(users.id, user.id));
  return user;
}
