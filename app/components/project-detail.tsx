import { Link, useLocation } from '@remix-run/react';
import { projectTypeLabel } from '../../server/contract/vocabulary';
import { Carousel } from './carousel';
import { useDialogHref, useOpenDialog } from './dialog';
import { ResponsiveImage, SIZES, type ImageVariants } from './responsive-image';
import { TeamTable } from './team-table';

/** Images shown on a project page before the carousel (spec: 4, the fourth with +N). */
export const PREVIEW_IMAGES = 4;

/**
 * The first four images of a project; when there are more, the fourth carries a +N overlay
 * (N = the images not shown). Each opens the full-screen carousel at that image.
 */
export function ProjectImageGrid({
  images,
  title,
  hrefFor,
}: {
  images: ReadonlyArray<ImageVariants>;
  title: string;
  hrefFor: (index: number) => string;
}) {
  if (images.length === 0) return null;
  const shown = images.slice(0, PREVIEW_IMAGES);
  const extra = images.length - shown.length;
  return (
    <div className={`image-grid image-grid-${shown.length}`} data-testid="image-grid">
      {shown.map((image, i) => {
        const overlay = i === PREVIEW_IMAGES - 1 && extra > 0;
        return (
          <Link
            key={image.w960}
            to={hrefFor(i)}
            preventScrollReset
            className="image-grid-item"
          >
            {/* Named by its content (the image's alt, and for the last one what it opens), so the name includes what is seen. */}
            <ResponsiveImage image={image} alt={`${title}, image ${i + 1}`} sizes={i === 0 ? SIZES.hero : SIZES.card} priority={i === 0} />
            {overlay ? (
              <>
                <span className="image-grid-more" data-testid="more-images" aria-hidden="true">
                  +{extra}
                </span>
                <span className="visually-hidden">, show all {images.length} images</span>
              </>
            ) : null}
          </Link>
        );
      })}
    </div>
  );
}

type FactsProject = {
  projectType: string;
  area: number | null;
  year: number | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

/** Type, area in m², year, city, state and country. */
export function ProjectFacts({ project }: { project: FactsProject }) {
  const facts: Array<[string, string]> = [
    ['Project type', projectTypeLabel(project.projectType)],
    ['Area', project.area !== null ? `${project.area.toLocaleString('en-US')} m²` : '—'],
    ['Year', project.year !== null ? String(project.year) : '—'],
    ['City', project.city ?? '—'],
    ['State', project.state ?? '—'],
    ['Country', project.country ?? '—'],
  ];
  return (
    <dl className="project-facts" data-testid="project-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The architecture list and, behind See more / Hide, the team table grouped by role.
 * A <details> element: it opens and closes without JavaScript.
 */
export function ProjectTeam({
  project,
}: {
  project: { architecture: ReadonlyArray<{ name: string; style: string }>; teams: ReadonlyArray<{ name: string; role: string }> };
}) {
  return (
    <>
      {project.architecture.length ? (
        <section className="project-section">
          <h2>Architecture</h2>
          <ul className="architecture-list">
            {project.architecture.map((a, i) => (
              <li key={`${a.name}-${i}`}>
                <strong>{a.name || '—'}</strong>
                {a.style ? <span className="muted"> · {a.style}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {project.teams.length ? (
        <details className="project-section team-toggle" data-testid="team-toggle">
          <summary>
            <span className="team-toggle-title">Design team</span>
            <span className="team-toggle-action">
              <span className="when-closed">See more</span>
              <span className="when-open">Hide</span>
            </span>
          </summary>
          <TeamTable teams={project.teams} />
        </details>
      ) : null}
    </>
  );
}

type BodyProject = FactsProject & Parameters<typeof ProjectTeam>[0]['project'] & {
  projectName: string;
  description: string | null;
  images: ReadonlyArray<ImageVariants>;
};

/** The body of a project page: the image preview, the facts, the description and the team. */
export function ProjectBody({ project }: { project: BodyProject }) {
  const href = useDialogHref();
  return (
    <>
      <ProjectImageGrid images={project.images} title={project.projectName} hrefFor={(i) => href('carousel', { image: i })} />
      <ProjectFacts project={project} />
      {project.description ? (
        <section className="project-section">
          <h2>Description</h2>
          <p className="project-description">{project.description}</p>
        </section>
      ) : null}
      <ProjectTeam project={project} />
    </>
  );
}

/** The carousel of a project page when the URL opens it (`?dialog=carousel&image=N`). */
export function ProjectCarousel({ project }: { project: { projectName: string; images: ReadonlyArray<ImageVariants> } }) {
  const dialog = useOpenDialog();
  const href = useDialogHref();
  const { search } = useLocation();
  if (dialog !== 'carousel' || !project.images.length) return null;
  const index = Number(new URLSearchParams(search).get('image') ?? 0) || 0;
  return <Carousel images={project.images} index={index} hrefFor={(i) => href('carousel', { image: i })} closeTo={href(null)} title={project.projectName} />;
}
