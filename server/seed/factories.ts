import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { members, projectImages, projects, teamMembers, users } from '../db/schema/index.js';
import { storeProjectImage } from '../services/images.js';
import { storeProjectPhoto } from '../services/workspace-photos.js';
import { hashPassword } from '../services/passwords.js';
import { placeholderImage, placeholderSvg, sceneForType } from './placeholder-images.js';
import { VERIFY } from '../contract/vocabulary.js';

type NewUser = typeof users.$inferInsert;

let counter = 0;
const hashes = new Map<string, Promise<string>>();
// Hashing is deliberately slow; factories reuse one hash per distinct password.
const cachedHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Inserts a user; `password: null` makes an account without a password (a social sign-in). */
export async function createUser(
  db: Database,
  fields: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string | null } = {},
) {
  counter += 1;
  const { password = 'secret123', ...rest } = fields;
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      userName: `User ${counter}`,
      email: `user${counter}-${newId().slice(0, 6)}@example.test`,
      passwordHash: password === null ? null : await cachedHash(password),
      ...rest,
    })
    .returning();
  return row!;
}

export async function createFirm(
  db: Database,
  fields: Parameters<typeof createUser>[1] & { teams?: Array<{ name: string; role: string }> } = {},
) {
  const { teams = [], ...rest } = fields;
  const firm = await createUser(db, {
    role: 'architect',
    firmType: rest.role ?? 'architect',
    isVerify: VERIFY.approved,
    firmName: rest.firmName ?? `Studio ${counter + 1}`,
    ...rest,
  });
  if (teams.length) {
    await db.insert(teamMembers).values(teams.map((t, position) => ({ id: newId(), userId: firm.id, position, ...t })));
  }
  return firm;
}

type NewProject = Omit<typeof projects.$inferInsert, 'id' | 'userId' | 'isPrivate'>;

/**
 * Inserts a public (portfolio) project of `ownerId` whose images go through the real pipeline
 * (WebP variants in storage). `images` are the source pictures; by default four placeholders.
 */
export async function createPublicProject(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  ownerId: string,
  fields: Partial<NewProject> & { images?: Buffer[]; effort?: number } = {},
) {
  counter += 1;
  const { images, effort, ...rest } = fields;
  const projectType = rest.projectType ?? 'architecture-residential';
  const sources =
    images ?? (await Promise.all([0, 1, 2, 3].map((i) => placeholderImage({ scene: sceneForType(projectType), seed: counter + i, width: 480, height: 300 }))));
  const stored = [];
  for (const source of sources) stored.push(await storeProjectImage(ctx.storage, ownerId, source, { effort }));
  const id = newId();
  const [row] = await ctx.db
    .insert(projects)
    .values({
      id,
      userId: ownerId,
      isPrivate: false,
      projectName: `Project ${counter}`,
      projectType,
      area: 250,
      year: 2022,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      description: 'A calm building of brick and timber around a shaded courtyard.',
      teams: [{ name: 'Asha Mehta', role: 'Architect' }],
      ...rest,
    })
    .returning();
  if (stored.length) {
    await ctx.db.insert(projectImages).values(
      stored.map((image, position) => ({
        id: image.id.slice(0, 24),
        projectId: id,
        position,
        storageKey: image.storageKey,
        variants: { w480: image.w480, w960: image.w960, w1600: image.w1600 },
        width: image.width,
        height: image.height,
      })),
    );
  }
  return row!;
}

/** Inserts an employee account of `firmId` (role `employee`); `isSubAdmin` makes it a sub-admin. */
export async function createEmployee(
  db: Database,
  firmId: string,
  fields: Parameters<typeof createUser>[1] & { isSubAdmin?: boolean } = {},
) {
  return createUser(db, { role: 'employee', firmId, designation: 'Architect', isSubAdmin: false, ...fields });
}

type NewWorkspaceProject = Omit<typeof projects.$inferInsert, 'id' | 'userId' | 'isPrivate'>;

/** Inserts a workspace project (isPrivate) of the firm `firmId`, without images. */
export async function createWorkspaceProject(db: Database, firmId: string, fields: Partial<NewWorkspaceProject> = {}) {
  counter += 1;
  const [row] = await db
    .insert(projects)
    .values({
      id: newId(),
      userId: firmId,
      isPrivate: true,
      projectName: `Workspace project ${counter}`,
      projectType: 'interior-residential',
      area: 411001,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      clientName: 'Rhea Kapoor',
      clientDetails: 'A family of four; prefers warm materials.',
      address: '12 Lane 5, Koregaon Park',
      designTeam: ['Architect', 'Designer'],
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * Gives a workspace project its photo through the real pipeline (private WebP variants), as the
 * api does; by default a placeholder picture that suits the project's type.
 */
export async function addProjectPhoto(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  project: { id: string; userId: string; projectType: string },
  options: { photo?: Buffer; seed?: number; effort?: number } = {},
) {
  const source = options.photo ?? placeholderSvg({ scene: sceneForType(project.projectType), seed: options.seed ?? counter, width: 1280, height: 800 });
  const photoKey = await storeProjectPhoto(ctx.storage, project.userId, project.id, source, { effort: options.effort });
  const [row] = await ctx.db.update(projects).set({ photoKey }).where(eq(projects.id, project.id)).returning();
  return row!;
}

/** Adds a member to a workspace project; an employee's email gives that employee access to it. */
export async function createMember(db: Database, projectId: string, fields: { name?: string; email?: string } = {}) {
  counter += 1;
  const [row] = await db
    .insert(members)
    .values({ id: newId(), projectId, name: fields.name ?? `Member ${counter}`, email: fields.email ?? `member${counter}@example.test` })
    .returning();
  return row!;
}
