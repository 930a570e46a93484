import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { AdminActionsCell, AdminPage, AdminTable, ReasonPopover } from '~/components/admin-page';
import { HiddenFields } from '~/components/hidden-fields';
import { Stars } from '~/components/reviews/rating-line';
import { hideReview, listAllReviews, showReview } from '~/models/reviews.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import { reviewSheets } from '~/styles/sheets';
import { formatDay } from '../../server/contract/dates';
import { isId } from '../../server/contract/http-rules';
import { parseCursor } from '../../server/contract/keyset-cursor';
import { monthText, REVIEW_LIMITS, REVIEW_MESSAGES } from '../../server/contract/reviews-rules';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { firstDetail, redirectAfter, required, serverFailed } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Reviews', 'admin') }, { name: 'description', content: 'Hide a client’s review of a firm, with a reason the firm and the client read, or show it again.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }, ...reviewSheets];

/**
 * Review moderation (docs/decisions/410): every review, newest first, paged by keyset ("Older
 * reviews"); Hide asks a reason (a plain form in a popover) that the firm and the client read; a
 * hidden review leaves the firm's page and its rating until shown again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const after = new URL(request.url).searchParams.get('after');
  const { reviews, nextCursor } = await required(listAllReviews(request, after && parseCursor(after) ? after : undefined));
  return json({ reviews, nextCursor });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await readFormData(request);
  const id = String(form.get('id') ?? '');
  if (!isId(id)) return redirectWithError(back, 'That request was not right. Reload the list and try again.');
  return dispatchIntent(form, {
    hide: () => redirectAfter(hideReview(request, id, { reason: String(form.get('reason') ?? '').slice(0, REVIEW_LIMITS.hideReason * 2) }), back, REVIEW_MESSAGES.hidden, { message: firstDetail, errorPage: serverFailed }),
    show: () => redirectAfter(showReview(request, id), back, REVIEW_MESSAGES.shown, { message: firstDetail, errorPage: serverFailed }),
  });
}

export default function AdminReviews() {
  const { reviews, nextCursor } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : '';
  return (
    <AdminPage title="Reviews" description="Clients’ reviews of firms, newest first. A hidden review leaves the firm’s page and its rating; the firm and the client read your reason.">
      <section className="admin-panel" aria-labelledby="reviews-title">
        <div className="admin-panel-head">
          <h2 id="reviews-title">Reviews</h2>
        </div>
        <div className="admin-table-wrap">
          <AdminTable columns={['Review', 'Firm', 'State']} empty={reviews.length === 0 ? 'No data available' : null}>
            {reviews.map((r) => (
              <tr key={r.id} data-testid="admin-review-row">
                <td data-label="Review">
                  <Stars rating={r.rating} /> {r.projectName} · {monthText(r.month)}
                  <small className="admin-reason">
                    {r.body} — {r.reviewerName || 'a client'} ({r.source === 'invoice' ? 'paid invoice' : 'approved schedule'})
                  </small>
                </td>
                <td data-label="Firm">
                  <Link to={`/firms/${r.firm.id}#reviews`} className="admin-link" target="_blank" rel="noreferrer">
                    {r.firm.name}
                  </Link>
                </td>
                <td data-label="State" className="admin-span">
                  {r.hidden ? (
                    <>
                      <span className="admin-pill admin-pill-hidden">Hidden</span>
                      <small className="admin-reason">
                        {r.hidden.reason} · {formatDay(r.hidden.at)}
                      </small>
                    </>
                  ) : (
                    <span className="admin-pill admin-pill-paid">Visible</span>
                  )}
                </td>
                <AdminActionsCell>
                  {r.hidden ? (
                    <Form method="post" preventScrollReset>
                      <HiddenFields values={{ intent: 'show', id: r.id }} />
                      <button type="submit" className="button admin-button-approve" disabled={busyId === r.id} data-testid="show-review">
                        Show
                      </button>
                    </Form>
                  ) : (
                    <ReasonPopover
                      summary="Hide"
                      summaryTestId="hide-review"
                      values={{ intent: 'hide', id: r.id }}
                      label={<>Why is this review hidden?</>}
                      reason={{ id: `reason-${r.id}`, name: 'reason', maxLength: REVIEW_LIMITS.hideReason, required: true, placeholder: 'The firm and the client read this', testId: 'hide-review-reason' }}
                      busy={busyId === r.id}
                      submit="Hide from the public"
                      submitTestId="confirm-hide-review"
                    />
                  )}
                </AdminActionsCell>
              </tr>
            ))}
          </AdminTable>
        </div>
        {nextCursor ? (
          <p>
            <Link to={`/admin/reviews?after=${encodeURIComponent(nextCursor)}`}>Older reviews</Link>
          </p>
        ) : null}
      </section>
    </AdminPage>
  );
}
