import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { contacts, projects, users } from '../db/schema/index.js';
import { zoneOf } from '../contract/dates.js';
import { answerReview, insertReview, refreshFirmRating } from '../queries/reviews.js';

/**
 * The demo's reviews (docs/decisions/409–410), so the directory's rating sort, a firm's page and its
 * JSON-LD `aggregateRating` show something on a first start. Each is written as a client of the firm
 * (an Address Book client contact) for one of its public projects, as if that client had paid the
 * project's invoice: the demo's own invoice is left as it is, so its figures (part paid) stay those
 * the money journeys read. The third firm has none, so "no reviews yet" is seen too.
 */
const DEMO_REVIEWS: Record<string, Array<{ rating: number; body: string; answer?: string }>> = {
  'studio@demo.test': [
    {
      rating: 5,
      body: 'They listened to how we live and designed around the courtyard we wanted. Drawings came on time and the site visits were regular.',
      answer: 'Thank you, it was a pleasure to build with you.',
    },
    {
      rating: 4,
      body: 'A calm, well-lit building and a team that explained every choice. Approvals took longer than promised.',
    },
  ],
  'interiors@demo.test': [
    {
      rating: 5,
      body: 'Every sample was shown before ordering and the budget held to the last rupee. The clinic opened on the day we planned.',
    },
  ],
};

export async function seedDemoReviews(db: Database, firms: ReadonlyArray<{ id: string; email: string }>): Promise<void> {
  for (const firm of firms) {
    const wanted = DEMO_REVIEWS[firm.email];
    if (!wanted) continue;
    const [facts] = await db
      .select({
        firmName: users.firmName,
        userName: users.userName,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.id, firm.id))
      .limit(1);
    const clients = await db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.firmId, firm.id), eq(contacts.isClient, true)))
      .orderBy(asc(contacts.createdAt));
    const shown = await db
      .select({ id: projects.id, name: projects.projectName })
      .from(projects)
      .where(and(eq(projects.userId, firm.id), eq(projects.isPrivate, false)))
      .orderBy(asc(projects.createdAt))
      .limit(wanted.length);
    if (!facts || clients.length === 0) continue;
    await db.transaction(async (tx) => {
      for (const [index, review] of wanted.entries()) {
        const project = shown[index];
        const client = clients[index % clients.length]!;
        if (!project) break;
        const row = await insertReview(
          tx,
          {
            firmId: firm.id,
            firmName: facts.firmName || facts.userName,
            timeZone: zoneOf(facts),
            projectId: project.id,
            projectName: project.name,
            reviewerKey: `contact:${client.id}`,
            reviewerName: client.name,
            invoiceId: null,
            contactId: client.id,
            shareLinkId: null,
            refusal: null,
            gone: null,
          },
          review
        );
        if (row && review.answer) await answerReview(tx, row.id, review.answer, firm.id);
      }
      await refreshFirmRating(tx, firm.id);
    });
  }
}
