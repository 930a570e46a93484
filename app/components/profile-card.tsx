import { Link } from '@remix-run/react';
import { Avatar } from './avatar';
import { firmTypeLabel, ownerName, projectCountLabel, type Owner } from './owner-card';
import { ReadMore } from './read-more';

/**
 * The firm's own profile card on /portfolio: photo, firm name, firm type, location, contact details,
 * website, details, teams and project count, with the Edit control (only on /portfolio).
 */
export function ProfileCard({ owner, editHref }: { owner: Owner; editHref?: string }) {
  const name = ownerName(owner);
  const place = [owner.city, owner.state, owner.country].filter(Boolean).join(', ');
  return (
    <aside className="owner-card profile-card card" aria-label="Your profile" data-testid="profile-card">
      <div className="owner-head">
        <Avatar src={owner.profileImage} name={name} size={88} />
        <div>
          <h2 className="owner-name">{name}</h2>
          {owner.firmType ? <p className="owner-type">{firmTypeLabel(owner.firmType)}</p> : null}
          <p className="owner-count">{projectCountLabel(owner.projectCount)}</p>
        </div>
      </div>
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
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${owner.email}`}>{owner.email}</a>
          </dd>
        </div>
        {owner.contactNo ? (
          <div>
            <dt>Contact</dt>
            <dd>{owner.contactNo}</dd>
          </div>
        ) : null}
        {owner.website ? (
          <div>
            <dt>Website</dt>
            <dd>
              <a href={owner.website} target="_blank" rel="noreferrer noopener">
                {owner.website.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {owner.userDetails ? (
        <div className="owner-details">
          <h3>About</h3>
          <ReadMore text={owner.userDetails} />
        </div>
      ) : null}
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
