import { Link } from '@remix-run/react';
import { Avatar } from './avatar';
import { EmailFact, OwnerAbout, OwnerHead, WebsiteFact, type Owner } from './owner-card';

/**
 * The firm's own profile card on /portfolio: photo, firm name, firm type, location, contact details,
 * website, details, teams and project count, with the Edit control (only on /portfolio).
 */
export function ProfileCard({ owner, editHref }: { owner: Owner; editHref?: string }) {
  const place = [owner.city, owner.state, owner.country].filter(Boolean).join(', ');
  return (
    <aside className="owner-card profile-card card" aria-label="Your profile" data-testid="profile-card">
      <OwnerHead owner={owner} avatarSize={88} />
      {editHref ? (
        <Link to={editHref} preventScrollReset className="button button-ghost button-block" data-testid="edit-profile">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          Edit profile
        </Link>
      ) : null}
      <dl className="profile-facts">
        {place ? (
          <div>
            <dt>Location</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
        <EmailFact email={owner.email} />
        {owner.contactNo ? (
          <div>
            <dt>Contact</dt>
            <dd>{owner.contactNo}</dd>
          </div>
        ) : null}
        <WebsiteFact website={owner.website} />
      </dl>
      <OwnerAbout details={owner.userDetails} />
      {owner.teams.length ? (
        <div className="owner-details">
          <h3>Team</h3>
          <ul className="profile-team">
            {owner.teams.map((t, i) => (
              <li key={`${t.name}-${i}`}>
                <Avatar src={t.profileImage} name={t.name} size={28} />
                <span>{t.name}</span>
                <span className="muted">{t.role}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
