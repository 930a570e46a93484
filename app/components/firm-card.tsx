import { Link } from '@remix-run/react';
import { Avatar } from './avatar';
import { RatingLine } from './reviews/rating-line';
import { firmTypeLabel, projectCountLabel } from './owner-card';
import { ImagePlaceholder, ResponsiveImage, SIZES, type ImageVariants } from './responsive-image';

export type DirectoryFirm = {
  id: string;
  name: string;
  firmType: string | null;
  city: string | null;
  state: string | null;
  profileImage: string | null;
  projectCount: number;
  /** Its visible reviews, when it has any (docs/decisions/410). */
  rating: { count: number; averageCenti: number } | null;
  projects: ReadonlyArray<{ id: string; projectName: string; thumbnail: ImageVariants | null }>;
};

/**
 * A firm in the directory: avatar, name, state and city, firm type, project count and project
 * thumbnails (1, 2, 3 or 4 per row as the width allows: 575, 767 and 992 px breakpoints).
 */
export function FirmCard({ firm }: { firm: DirectoryFirm }) {
  const place = [firm.city, firm.state].filter(Boolean).join(', ');
  return (
    <article className="firm-card" data-testid="firm-card">
      <Link to={`/firms/${firm.id}`} className="firm-card-head" prefetch="intent">
        <Avatar src={firm.profileImage} name={firm.name} size={56} />
        <div className="firm-card-text">
          <h2 className="firm-card-name">{firm.name}</h2>
          <p className="firm-card-meta">
            {[firmTypeLabel(firm.firmType), place].filter(Boolean).join(' · ')}
          </p>
          {firm.rating ? <RatingLine rating={firm.rating} /> : null}
        </div>
        <span className="firm-card-count">{projectCountLabel(firm.projectCount)}</span>
      </Link>
      {firm.projects.length ? (
        <ul className="firm-thumbs" aria-label={`Projects of ${firm.name}`}>
          {firm.projects.map((p) => (
            <li key={p.id}>
              {/* The caption names the link; an alt repeating it would be read twice. */}
              <Link to={`/explore/${p.id}`} className="firm-thumb" title={p.projectName}>
                {p.thumbnail ? <ResponsiveImage image={p.thumbnail} alt="" sizes={SIZES.thumb} /> : <ImagePlaceholder label={p.projectName} />}
                <span className="firm-thumb-name">{p.projectName}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted firm-card-empty">No public projects yet.</p>
      )}
    </article>
  );
}
