import { Link, useFetcher } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { ROLE_LABELS, type Role } from '../../server/contract/vocabulary';
import { Avatar } from './avatar';
import { ownerName } from './owner-name';
import { Dialog, useDialogHref, useOpenDialog } from './dialog';
import { ReadMore } from './read-more';

/** What the owner card and its popups show of a firm (a subset of the api's user). */
export type Owner = {
  id: string;
  userName: string;
  firmName: string | null;
  firmType: string | null;
  profileImage: string | null;
  projectCount: number;
  /** The firm's public (business) email; the login email is never shown to others. */
  email: string | null;
  contactNo: string | null;
  userDetails: string | null;
  teams: ReadonlyArray<{ name: string; role: string; profileImage?: string | null }>;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  website?: string | null;
  /** A visitor's page leaves the contact details out: the popup reads them (decision 386). */
  contactHidden?: boolean;
};

/** The contact details a visitor's popup read from the api, or why it could not. */
export type LoadedContact = { details: { email: string | null; contactNo: string | null; website: string | null } | null; error: string | null };

export function firmTypeLabel(value: string | null | undefined): string {
  if (!value) return '';
  return ROLE_LABELS[value as Role] ?? value;
}

export { ownerName };

export function projectCountLabel(n: number): string {
  return `${n} ${n === 1 ? 'project' : 'projects'}`;
}

/**
 * The left card of a project page and of a firm portfolio: avatar, name, firm type, project count,
 * Contact and Team popups (links to `?dialog=contact|team`), details with Read More / Read Less.
 */
export function OwnerCard({
  owner,
  contactHref,
  teamHref,
  portfolioHref,
}: {
  owner: Owner;
  contactHref: string;
  teamHref: string;
  /** A link to the firm's portfolio (on a project page). */
  portfolioHref?: string;
}) {
  return (
    <aside className="owner-card card" aria-label="About the firm" data-testid="owner-card">
      <OwnerHead owner={owner} avatarSize={72} href={portfolioHref} />
      <div className="owner-actions">
        <Link to={contactHref} preventScrollReset className="button button-primary" data-testid="open-contact">
          Contact
        </Link>
        <Link to={teamHref} preventScrollReset className="button button-ghost" data-testid="open-team">
          Team
        </Link>
      </div>
      <OwnerAbout details={owner.userDetails} />
    </aside>
  );
}

/** The head of an owner or profile card: avatar, name (a link when `href` is given), firm type and project count. */
export function OwnerHead({ owner, avatarSize, href }: { owner: Owner; avatarSize: number; href?: string }) {
  const name = ownerName(owner);
  return (
    <div className="owner-head">
      <Avatar src={owner.profileImage} name={name} size={avatarSize} />
      <div>
        <h2 className="owner-name">{href ? <Link to={href}>{name}</Link> : name}</h2>
        {owner.firmType ? <p className="owner-type">{firmTypeLabel(owner.firmType)}</p> : null}
        <p className="owner-count">{projectCountLabel(owner.projectCount)}</p>
      </div>
    </div>
  );
}

/** The firm's details with Read More / Read Less, when it wrote any. */
export function OwnerAbout({ details }: { details: string | null }) {
  if (!details) return null;
  return (
    <div className="owner-details">
      <h3>About</h3>
      <ReadMore text={details} />
    </div>
  );
}

/** The Email entry of a contact list (`<dl>`). */
export function EmailFact({ email }: { email: string | null }) {
  return (
    <div>
      <dt>Email</dt>
      <dd data-testid="business-email">{email ? <a href={`mailto:${email}`}>{email}</a> : <span className="muted">Not given</span>}</dd>
    </div>
  );
}

/** The Website entry of a contact list (`<dl>`), when there is a website: a new tab, shown without its scheme. */
export function WebsiteFact({ website }: { website: string | null | undefined }) {
  if (!website) return null;
  return (
    <div>
      <dt>Website</dt>
      <dd>
        <a href={website} target="_blank" rel="noreferrer noopener">
          {website.replace(/^https?:\/\//, '')}
        </a>
      </dd>
    </div>
  );
}

/**
 * The Contact or Team popup of an owner card, when the URL opens one (`?dialog=contact|team`).
 * `enquiry` is the Contact popup's enquiry form, when the page offers one.
 */
export function OwnerDialogs({ owner, enquiry, contact }: { owner: Owner; enquiry?: ReactNode; contact?: LoadedContact | null }) {
  const dialog = useOpenDialog();
  const closeTo = useDialogHref()(null);
  if (dialog === 'contact') return <ContactDialog owner={owner} closeTo={closeTo} enquiry={enquiry} contact={contact ?? null} />;
  if (dialog === 'team') return <TeamDialog owner={owner} closeTo={closeTo} />;
  return null;
}

/**
 * A visitor's contact details: those the page's loader read (the URL opened the popup), else read
 * now from the resource route (the popup opened in place with JavaScript).
 */
function useVisitorContact(owner: Owner, loaded: LoadedContact | null): LoadedContact | 'loading' | null {
  const fetcher = useFetcher<LoadedContact>();
  const needed = owner.contactHidden === true && !loaded;
  useEffect(() => {
    if (needed && fetcher.state === 'idle' && !fetcher.data) fetcher.load(`/resources/firm-contact/${encodeURIComponent(owner.id)}`);
  }, [needed, fetcher, owner.id]);
  if (!owner.contactHidden) return null;
  return loaded ?? fetcher.data ?? 'loading';
}

function ContactDialog({ owner, closeTo, enquiry, contact }: { owner: Owner; closeTo: string; enquiry?: ReactNode; contact: LoadedContact | null }) {
  const visitor = useVisitorContact(owner, contact);
  const details = visitor === null ? owner : visitor === 'loading' ? null : visitor.details;
  return (
    <Dialog title={`Contact ${ownerName(owner)}`} closeTo={closeTo} size={enquiry ? 'medium' : 'small'} testId="contact-dialog">
      {visitor === 'loading' ? (
        <p className="muted" role="status">
          Loading the contact details…
        </p>
      ) : null}
      {visitor !== null && visitor !== 'loading' && visitor.error ? (
        <p className="form-errors" role="alert" data-testid="contact-error">
          {visitor.error}
        </p>
      ) : null}
      {details ? (
        <dl className={enquiry ? 'contact-list contact-list-inline' : 'contact-list'}>
          <EmailFact email={details.email} />
          <div>
            <dt>Contact number</dt>
            <dd>{details.contactNo ? <a href={`tel:${details.contactNo}`}>{details.contactNo}</a> : <span className="muted">Not given</span>}</dd>
          </div>
          <WebsiteFact website={details.website} />
        </dl>
      ) : null}
      {enquiry ? (
        <section className="enquiry" aria-labelledby="enquiry-title">
          <h3 id="enquiry-title">Send an enquiry</h3>
          <p className="muted">Tell the firm about your project. Your message goes to its demand box and it replies by email.</p>
          {enquiry}
        </section>
      ) : null}
    </Dialog>
  );
}

function TeamDialog({ owner, closeTo }: { owner: Owner; closeTo: string }) {
  const name = ownerName(owner);
  return (
    <Dialog title="Team" closeTo={closeTo} testId="team-dialog">
      <div className="team-dialog-head">
        <Avatar src={owner.profileImage} name={name} size={56} />
        <div>
          <strong>{name}</strong>
          {owner.firmType ? <p className="muted">{firmTypeLabel(owner.firmType)}</p> : null}
        </div>
      </div>
      {owner.teams.length ? (
        <table className="team-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {owner.teams.map((t, i) => (
              <tr key={`${t.name}-${i}`}>
                <td>
                  <span className="team-member">
                    <Avatar src={t.profileImage} name={t.name} size={32} />
                    {t.name}
                  </span>
                </td>
                <td>{t.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No team members listed.</p>
      )}
    </Dialog>
  );
}
