import type { PublicProject } from '../../server/contract/projects';
import type { PublicFirm } from '../../server/contract/users';
import { avatarVariants } from '../../server/contract/profile';
import { parseCursor } from '../../server/contract/keyset-cursor';
import { KEYSET_PARAMS } from '~/components/infinite-list';

/** `?page=N` of a paged list: a whole number from 1, anything else is page 1. */
export function parsePage(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** Where a keyset-paged list goes on (decision 161): the api's cursor and the total its first page counted. */
export type Keyset = { after: string; total: number };

/**
 * `?after=<cursor>&total=N` of the "Load more" link, or null (then `?page=` pages, counted): a link
 * without a well-formed cursor or total is read as an old numbered one rather than refused.
 * `isCursor` is the list's cursor shape (the firm directory's names its firm, decision 175).
 */
export function parseKeyset(url: URL, isCursor: (value: string) => unknown = parseCursor): Keyset | null {
  const after = url.searchParams.get(KEYSET_PARAMS.after);
  const total = Number(url.searchParams.get(KEYSET_PARAMS.total) ?? NaN);
  if (!after || !isCursor(after) || !Number.isInteger(total) || total < 0) return null;
  return { after, total };
}

/** What a page shows of an image: its sizes (not its id or original url). */
export function toImageVariants({ w480, w960, w1600, width, height }: Pick<PublicProject['images'][number], 'w480' | 'w960' | 'w1600' | 'width' | 'height'>) {
  return { w480, w960, w1600, width, height };
}

/** The few fields of a project a card shows, with only its first image (keeps page data small). */
export function toCardProject(p: Pick<PublicProject, 'id' | 'projectName' | 'projectType' | 'city' | 'state' | 'country' | 'year'> & { images: Array<Parameters<typeof toImageVariants>[0]> }) {
  return {
    id: p.id,
    projectName: p.projectName,
    projectType: p.projectType,
    city: p.city,
    state: p.state,
    country: p.country,
    year: p.year,
    images: p.images.slice(0, 1).map(toImageVariants),
  };
}
export type CardProjectData = ReturnType<typeof toCardProject>;

/** What a project page shows of a project: its facts, texts, team and all its images. */
export function toDetailProject(p: PublicProject) {
  return {
    id: p.id,
    projectName: p.projectName,
    projectType: p.projectType,
    area: p.area,
    year: p.year,
    city: p.city,
    state: p.state,
    country: p.country,
    projectLocation: p.projectLocation,
    description: p.description,
    architecture: p.architecture,
    teams: p.teams,
    images: p.images.map(toImageVariants),
    updatedAt: p.updatedAt,
  };
}

/** What the owner card and its popups show of a firm: the public part of the api's user. */
export function toOwner(u: PublicFirm) {
  return {
    id: u.id,
    userName: u.userName,
    firmName: u.firmName,
    firmType: u.firmType,
    profileImage: avatarVariants(u.profileImage)?.s256 ?? null,
    projectCount: u.projectCount,
    // The public contact email, never the login email (decision 142).
    email: u.businessEmail,
    contactNo: u.contactNo,
    userDetails: u.userDetails,
    website: u.website,
    city: u.city,
    state: u.state,
    country: u.country,
    teams: u.teams.map((t) => ({ name: t.name, role: t.role, profileImage: avatarVariants(t.profileImage)?.s96 ?? null })),
  };
}
export type OwnerData = ReturnType<typeof toOwner>;

/**
 * The owner as a visitor's page carries it: without the contact details, which the Contact popup
 * reads from the api, limited per address, so a shared-cacheable page holds none (decision 386).
 */
export function forVisitor(owner: OwnerData): OwnerData & { contactHidden: true } {
  return { ...owner, email: null, contactNo: null, website: null, contactHidden: true };
}
