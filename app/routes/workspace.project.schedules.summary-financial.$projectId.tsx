import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ResponsiveImage } from '~/components/responsive-image';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { getSchedules, toWebImage } from '~/models/workspace-schedules.server';
import { formatDateTime } from '~/utils/dates';
import { asErrorResponse, requireWorkspaceUser } from '~/utils/workspace.server';
import schedulesStyles from '~/styles/workspace-schedules.css';
import { SCHEDULE_MESSAGES } from '../../server/contract/schedules-rules';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: schedulesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.schedule ? `${data.schedule.title} — ${data.project.projectName} — Archivista` : 'Schedule — Archivista' },
];

const schedulesHref = (projectId: string) => `/workspace/project/schedules/${encodeURIComponent(projectId)}`;

/**
 * One schedule of a project (DESIGN.md section 9: `?schedule={id}`, the first schedule when none
 * is named), opened by a click on its card. It shows the schedule as it is: title, description,
 * dates and every image; the summary and financial editor of the next issue builds on this page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const { data } = await getSchedules(request, params.projectId ?? '').catch((error) => {
    throw asErrorResponse(error);
  });
  const named = new URL(request.url).searchParams.get('schedule');
  const found = named ? data.schedules.find((s) => s.id === named) : data.schedules[0];
  if (named && !found) throw json({ message: SCHEDULE_MESSAGES.notFound }, { status: 404 });
  return json({
    project: data.project,
    schedule: found
      ? {
          id: found.id,
          title: found.title,
          description: found.description,
          createdAt: found.createdAt,
          updatedAt: found.updatedAt,
          images: found.images.map((image) => toWebImage(data.project.id, image)),
        }
      : null,
    schedules: data.schedules.map((s) => ({ id: s.id, title: s.title, createdAt: s.createdAt })),
  });
}

export default function ScheduleDetail() {
  const { project, schedule, schedules } = useLoaderData<typeof loader>();
  const listHref = schedulesHref(project.id);
  if (!schedule) {
    return (
      <>
        <PageHeader title={project.projectName} description="Schedules of this project." />
        <EmptyState
          title={SCHEDULE_MESSAGES.empty}
          icon="calendar"
          action={
            <Link to={`${listHref}?panel=add`} className="button button-primary">
              Add schedule
            </Link>
          }
        />
      </>
    );
  }
  const changed = schedule.updatedAt.slice(0, 16) !== schedule.createdAt.slice(0, 16);
  return (
    <>
      <PageHeader
        title={schedule.title}
        description={
          <>
            A schedule of <Link to={listHref}>{project.projectName}</Link>
          </>
        }
        actions={
          <Link to={`${listHref}?edit=${schedule.id}`} className="button button-ghost">
            Edit schedule
          </Link>
        }
      />
      <div className="sch-detail" data-testid="schedule-detail">
        <div className="sch-detail-main">
          <dl className="sch-facts">
            <div>
              <dt>Created</dt>
              <dd>
                <time dateTime={schedule.createdAt}>{formatDateTime(schedule.createdAt)}</time>
              </dd>
            </div>
            {changed ? (
              <div>
                <dt>Last changed</dt>
                <dd>
                  <time dateTime={schedule.updatedAt}>{formatDateTime(schedule.updatedAt)}</time>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Images</dt>
              <dd>{schedule.images.length}</dd>
            </div>
          </dl>
          <section className="sch-section" aria-labelledby="sch-description">
            <h2 id="sch-description">Description</h2>
            <p className="sch-detail-desc">{schedule.description}</p>
          </section>
          <section className="sch-section" aria-labelledby="sch-images">
            <h2 id="sch-images">Images</h2>
            {schedule.images.length ? (
              <ul className="sch-gallery">
                {schedule.images.map((image, index) => (
                  <li key={image.id}>
                    <a href={image.w1600} target="_blank" rel="noreferrer" aria-label={`Image ${index + 1} of ${schedule.title}, full size`}>
                      <ResponsiveImage
                        image={image}
                        alt={`${schedule.title}, image ${index + 1}`}
                        sizes="(max-width: 767px) 100vw, (max-width: 1199px) 50vw, 440px"
                        priority={index < 2}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">This schedule has no images yet. Edit it to add one.</p>
            )}
          </section>
        </div>
        <nav className="sch-detail-side" aria-label="Schedules of this project">
          <h2>Schedules of this project</h2>
          <ul>
            {schedules.map((s) => (
              <li key={s.id}>
                <Link to={`?schedule=${s.id}`} aria-current={s.id === schedule.id ? 'page' : undefined} prefetch="intent">
                  <span>{s.title}</span>
                  <small>{formatDateTime(s.createdAt)}</small>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
