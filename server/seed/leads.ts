import type { Database } from '../db/connection.js';
import { leadMessages, leads } from '../db/schema/index.js';
import { newId } from '../db/ids.js';
import type { UserRow } from '../queries/users.js';

/**
 * Leads (demand box enquiries) for tests and the demo: a test's lead is made directly
 * in the database, as an enquiry from the public side would make it.
 */

let counter = 0;

export async function createLead(db: Database, firmId: string, fields: Partial<Omit<typeof leads.$inferInsert, 'id' | 'firmId'>> = {}) {
  counter += 1;
  const [row] = await db
    .insert(leads)
    .values({
      id: newId(),
      firmId,
      name: `Visitor ${counter}`,
      email: `visitor${counter}@example.test`,
      phone: null,
      projectType: 'architecture-residential',
      message: 'We are planning a new home and would like to talk about your fees and availability.',
      ...fields,
    })
    .returning();
  return row!;
}

export async function createLeadMessage(db: Database, leadId: string, authorId: string | null, fields: Partial<Omit<typeof leadMessages.$inferInsert, 'id' | 'leadId' | 'authorId'>> = {}) {
  const [row] = await db
    .insert(leadMessages)
    .values({ id: newId(), leadId, authorId, to: ['visitor@example.test'], subject: 'Re: your enquiry', body: 'Thank you for writing to us.', ...fields })
    .returning();
  return row!;
}

type DemoLead = {
  name: string;
  email: string;
  phone: string | null;
  projectType: string;
  message: string;
  daysAgo: number;
  read?: boolean;
  handled?: boolean;
  /** Held (docs/decisions/340): one of a burst from new senders, waiting under Held for the firm to release it. */
  held?: boolean;
  reply?: { subject: string; body: string; cc?: string[] };
};

const DEMO_LEADS: DemoLead[] = [
  {
    name: 'Meera Iyer',
    email: 'meera.iyer@example.test',
    phone: '9876543210',
    projectType: 'architecture-residential',
    message:
      'We own a 2,400 sq ft plot and would like to build a two-storey family home with a courtyard. Could we meet to discuss your process and an estimate of your fees?',
    daysAgo: 0,
  },
  {
    name: 'Arjun Malhotra',
    email: 'arjun@malhotra-foods.example.test',
    phone: null,
    projectType: 'interior-commercial',
    message: 'We are opening a 60-seat café in March and need the interiors designed and executed. Is a three-month timeline realistic for you?',
    daysAgo: 2,
  },
  {
    name: 'Dr. Sunita Kapoor',
    email: 'sunita.kapoor@example.test',
    phone: '9811099887',
    projectType: 'interior-healthcare',
    message: 'Our dental clinic needs a refresh: reception, two treatment rooms and a small office. We saw your portfolio and liked the calm palette.',
    daysAgo: 5,
    read: true,
    reply: {
      subject: 'Re: Clinic refresh',
      body: 'Dear Dr. Kapoor,\n\nThank you for your enquiry. We would be glad to visit the clinic next week. Would Tuesday at 11 am suit you?\n\nKind regards',
      cc: ['projects@example.test'],
    },
  },
  {
    name: 'Vikram Shah',
    email: 'vikram.shah@example.test',
    phone: '9900112233',
    projectType: 'architecture-commercial',
    message: 'Looking for an architect for a small office building (G+3) on a corner plot. Please share similar work you have done.',
    daysAgo: 12,
    read: true,
    handled: true,
    reply: { subject: 'Re: Office building', body: 'Dear Mr. Shah,\n\nPlease find our office projects on our portfolio page. We have sent the brochure separately.\n\nBest regards' },
  },
  {
    name: 'Neha Joshi',
    email: 'neha.joshi@example.test',
    phone: null,
    projectType: 'interior-residential',
    message: 'We have just bought a 3 BHK flat in Baner and would like the interiors done before we move in. Do you take projects of this size?',
    daysAgo: 1,
    held: true,
  },
];

/** A few leads per demo firm (two unread, one answered, one handled, one held), with the firm's replies as their threads. */
export async function seedDemoLeads(db: Database, firms: UserRow[]) {
  const day = 24 * 60 * 60 * 1000;
  for (const [index, firm] of firms.entries()) {
    for (const demo of DEMO_LEADS) {
      const createdAt = new Date(Date.now() - demo.daysAgo * day - index * 3_600_000);
      const lead = await createLead(db, firm.id, {
        name: demo.name,
        email: demo.email,
        phone: demo.phone,
        projectType: demo.projectType,
        message: demo.message,
        isRead: demo.read ?? false,
        isHandled: demo.handled ?? false,
        isHeld: demo.held ?? false,
        createdAt,
      });
      if (demo.reply) {
        await createLeadMessage(db, lead.id, firm.id, {
          to: [demo.email],
          cc: demo.reply.cc ?? [],
          subject: demo.reply.subject,
          body: demo.reply.body,
          createdAt: new Date(createdAt.getTime() + day / 2),
        });
      }
    }
  }
}
