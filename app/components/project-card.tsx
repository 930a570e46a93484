import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { projectTypeLabel } from '../../server/contract/vocabulary';
import { ImagePlaceholder, ResponsiveImage, SIZES, type ImageVariants } from './responsive-image';

/** What a project card needs of a project. */
export type CardProject = {
  id: string;
  projectName: string;
  projectType: string;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  year?: number | null;
  images?: ReadonlyArray<ImageVariants>;
  /** Why the super-admin hid it from the public: on the firm's own portfolio only. */
  hiddenReason?: string | null;
};

export function placeLine(p: { city?: string | null; state?: string | null; country?: string | null }): string {
  return [p.city, p.state, p.country].filter(Boolean).join(', ');
}

/** A project in a gallery or portfolio grid: cover image, name, type and place; the whole card is a link. */
export function ProjectCard({
  project,
  to,
  owner,
  priority = false,
  headingLevel = 3,
}: {
  project: CardProject;
  to: string;
  /** The firm's name, shown in the explore gallery. */
  owner?: string;
  priority?: boolean;
  /** The card's heading level: 2 straight under the page's h1 (a portfolio), 3 below a section's h2 (explore), so no level is skipped. */
  headingLevel?: 2 | 3;
}) {
  const cover = project.images?.[0];
  const place = placeLine(project);
  return (
    <article className="project-card" data-testid="project-card">
      <Link to={to} className="project-card-link" prefetch="intent">
        <div className="project-card-media">
          {cover ? (
            <ResponsiveImage image={cover} alt="" sizes={SIZES.card} priority={priority} />
          ) : (
            <ImagePlaceholder label="No image" />
          )}
          <span className="project-card-type">{projectTypeLabel(project.projectType)}</span>
        </div>
        <div className="project-card-body">
          {headingLevel === 2 ? (
            <h2 className="project-card-title">{project.projectName}</h2>
          ) : (
            <h3 className="project-card-title">{project.projectName}</h3>
          )}
          <p className="project-card-meta">
            {[place, project.year].filter(Boolean).join(' · ')}
          </p>
          {owner ? <p className="project-card-owner">{owner}</p> : null}
        </div>
      </Link>
      {project.hiddenReason ? (
        <p className="project-card-hidden" data-testid="hidden-reason">
          <strong>Hidden from the public</strong> by the platform’s team: {project.hiddenReason}
        </p>
      ) : null}
    </article>
  );
}

/** A firm's portfolio: its project cards two a row, each opening the project's page; `empty` when it has none. */
export function PortfolioGrid({ projects, empty }: { projects: ReadonlyArray<CardProject>; empty: ReactNode }) {
  if (!projects.length) return <>{empty}</>;
  return (
    <div className="project-grid project-grid-2" data-testid="portfolio-grid">
      {projects.map((p, i) => (
        <ProjectCard key={p.id} project={p} to={`/portfolio/edit-project/${p.id}`} priority={i < 2} headingLevel={2} />
      ))}
    </div>
  );
}
