import type { ContactKind } from '../contract/address-book-rules.js';
import { demoGstin } from './billing.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { chatMessages, contacts } from '../db/schema/index.js';
import { findUserByEmail } from '../queries/users.js';
import { DEMO_WORKSPACES, type SeededWorkspace } from './workspace.js';

/** Address Book and Group Chat: test factories and the demo data. */

let counter = 0;

export async function createContact(
  db: Database,
  firmId: string,
  fields: Partial<{ name: string; company: string; email: string; phone: string; kind: ContactKind; notes: string; createdBy: string; isClient: boolean; isSupplier: boolean; address: string; state: string; gstin: string }> = {},
) {
  counter += 1;
  const kind = fields.kind ?? 'client';
  const [row] = await db
    .insert(contacts)
    // As the contract does: a contact of kind client is a client, of kind supplier a supplier (docs/decisions/257).
    .values({ id: newId(), firmId, name: `Contact ${counter}`, email: `contact${counter}@example.test`, kind, isClient: kind === 'client', isSupplier: kind === 'supplier', ...fields })
    .returning();
  return row!;
}

/** A chat message written directly (no files, no NOTIFY: for pages and demo data, not for live streams). */
export async function createChatMessage(db: Database, projectId: string, author: { id: string; userName: string }, body: string, createdAt?: Date) {
  const [row] = await db
    .insert(chatMessages)
    .values({ id: newId(), projectId, authorId: author.id, authorName: author.userName, body, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return row!;
}

/** Clients and suppliers carry a billing address, state and (registered businesses) a GSTIN. */
type DemoContact = { name: string; company: string; email: string; phone: string; kind: ContactKind; notes: string; address?: string; state?: string; gstin?: string; isClient?: boolean };

/** By the demo firm's email. */
const DEMO_CONTACTS: Record<string, DemoContact[]> = {
  'studio@demo.test': [
    { name: 'Rhea Kapoor', company: '', email: 'rhea.kapoor@example.test', phone: '98220 11223', kind: 'client', notes: 'Koregaon Park residence; prefers calls after 6 pm.', address: 'Lane 7, Koregaon Park, Pune 411001', state: 'Maharashtra' },
    { name: 'Vikram Joshi', company: 'Joshi Structural Consultants', email: 'vikram@joshi-consult.example', phone: '98900 45120', kind: 'consultant', notes: 'Structural engineer for residential work.' },
    { name: 'Anita Kulkarni', company: 'Deccan Stoneworks', email: 'sales@deccanstone.example', phone: '020 2553 8811', kind: 'supplier', notes: 'Kota and basalt; samples at the Hadapsar yard.', address: 'Plot 9, Hadapsar Industrial Estate, Pune 411013', state: 'Maharashtra', gstin: demoGstin('27', 'AAFCD5521L') },
    { name: 'S. Deshpande', company: 'Pune Municipal Corporation', email: 'deshpande@pmc.example', phone: '020 2550 1000', kind: 'client', notes: 'Works department, Baner library.', address: 'PMC Building, Shivajinagar, Pune 411005', state: 'Maharashtra' },
    { name: 'Neha Sathe', company: 'Lumen Lighting Design', email: 'neha@lumen.example', phone: '97650 33001', kind: 'consultant', notes: '' },
  ],
  'interiors@demo.test': [
    { name: 'Dr. Meera Iyer', company: 'Smile Dental', email: 'meera@smile-dental.example', phone: '98450 77120', kind: 'client', notes: 'Clinic opening in March.', address: '12 Cathedral Road, Chennai 600086', state: 'Tamil Nadu', gstin: demoGstin('33', 'AAGFS6610M') },
    { name: 'Karthik Rao', company: 'Rao Joinery', email: 'karthik@raojoinery.example', phone: '99000 12876', kind: 'supplier', notes: 'Custom joinery; six-week lead time.', address: 'Peenya 2nd Stage, Bengaluru 560058', state: 'Karnataka', gstin: demoGstin('29', 'AAHFR3390B') },
    { name: 'Asha Menon', company: 'Acoustic Works', email: 'asha@acousticworks.example', phone: '', kind: 'consultant', notes: 'Acoustic panels for the co-working floor.' },
  ],
  'atelier@demo.test': [
    { name: 'Rohan Mehta', company: 'Mehta Hospitality', email: 'rohan@mehtahospitality.example', phone: '98111 40022', kind: 'client', notes: '', address: 'Golf Course Road, Gurugram 122002', state: 'Haryana', gstin: demoGstin('06', 'AAECM8123H') },
    { name: 'Ishita Bose', company: 'Terracotta Studio', email: 'ishita@terracotta.example', phone: '98300 55667', kind: 'supplier', notes: 'Handmade tiles.', address: 'Salt Lake Sector V, Kolkata 700091', state: 'West Bengal' },
  ],
};

const DEMO_CHAT = [
  { who: 'firm', body: 'Morning all. The revised ground floor plan is in the Drawings folder; please have a look before Thursday.' },
  { who: 'employee', body: 'Seen it. The courtyard now clears the staircase; I will update the section drawings today.' },
  { who: 'firm', body: 'Good. Also check the kitchen window sill height with the client’s note.' },
  { who: 'employee', body: 'Done: sill at 1050 mm, matching the counter. Sending the section for review this evening.' },
] as const;

/** Contacts for each demo firm, and a short chat on each firm's first project (firm and employee). */
export async function seedChatBook(db: Database, firms: Array<{ id: string; email: string; userName: string }>, workspace: SeededWorkspace) {
  for (const firm of firms) {
    for (const contact of DEMO_CONTACTS[firm.email] ?? []) await createContact(db, firm.id, { ...contact, createdBy: firm.id });
    const plan = DEMO_WORKSPACES[firm.email];
    const project = workspace.projects.find((p) => p.userId === firm.id);
    const employee = plan ? await findUserByEmail(db, plan.employee.email) : undefined;
    if (!project || !employee) continue;
    const start = Date.now() - 26 * 60 * 60 * 1000;
    for (const [index, line] of DEMO_CHAT.entries()) {
      const author = line.who === 'firm' ? firm : employee;
      await createChatMessage(db, project.id, author, line.body, new Date(start + index * 47 * 60 * 1000));
    }
  }
}
