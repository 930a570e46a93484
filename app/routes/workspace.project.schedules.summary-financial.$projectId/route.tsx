import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import { useMemo, useReducer, useState } from 'react';
import { Icon } from '~/components/icon';
import { Toast, type ToastData } from '~/components/toast';
import { EnhancedContext, SummaryDnd, useEnhancedAfterHydration, type Move } from '~/components/summary/dnd';
import { Drafts, DraftsContext } from '~/components/summary/drafts';
import { EditorContext, EditorForm, RowLinks, useClearedAfterSuccess, type EditorContextValue, type SummaryItem } from '~/components/summary/editor-context';
import { packRoom, unpackRoom } from '~/components/summary/editor-data';
import { orderOf, orderReducer } from '~/components/summary/editor-reducer';
import { editorHref, editorHrefAt, editorPath, pdfPath, proposalPath, readEdit, type EditorView } from '~/components/summary/editor-url';
import { EditorIconSprite } from '~/components/summary/icons';
import { LiveScheduleTotal } from '~/components/summary/figures';
import { AddItemForms, RoomBar, SectionCard } from '~/components/summary/section-card';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { ConfirmDelete } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { getSchedulesWithSummary, scheduleImageWebUrl, toWebImage } from '~/models/workspace-schedules.server';
import { getLibrary } from '~/models/summary-output.server';
import { summaryEditorSheets } from '~/styles/sheets';
import { isId } from '../../../server/contract/http-rules';
import { SCHEDULE_MESSAGES } from '../../../server/contract/schedules-rules';
import { SUMMARY_MESSAGES } from '../../../server/contract/summary-rules';
import { summaryAction } from './actions.server';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

export const links: LinksFunction = () => summaryEditorSheets;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.summary ? pageTitle(matches, `${data.summary.schedule.title} — ${data.project.projectName}`) : pageTitle(matches, 'Summary') },
  { name: 'description', content: 'The summary and financials of a schedule: rooms, sections and items.' },
];

/**
 * The summary and financial editor of one schedule (workspace-and-admin.md screen 7; DESIGN.md
 * sections 8 and 9): `?schedule={id}` (the first schedule when none is named), `&tab=financial`,
 * `&room={id}` (the first room when none is named), `&edit=1` to edit all descriptions.
 * Everything persists through the action's intents; without JavaScript every control posts a form:
 * each room, section and item has one (RowForm), whose buttons name their intent (decision 215).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const query = new URL(request.url).searchParams;
  const named = query.get('schedule');
  // One read for the project, its schedules and the summary (each table read once), beside the library.
  const { data } = await required(getSchedulesWithSummary(request, projectId, named ?? 'first'));
  const { summary } = data;
  const schedule = summary ? data.schedules.find((s) => s.id === summary.schedule.id) : undefined;
  if (named && !schedule) throw json({ message: SCHEDULE_MESSAGES.notFound }, { status: 404 });
  const schedules = data.schedules.map((s) => ({ id: s.id, title: s.title }));
  if (!summary || !schedule) return json({ project: data.project, schedules, summary: null, room: null, view: null, info: null, library: [], canSeeMargins: false });
  const edit = readEdit(query.get('edit'), isId);
  // An Edit link does not name its room (decision 251: 200 of them): the room of the row it opens.
  const roomOfRow = (id: string | undefined) => (id ? summary.rooms.find((r) => r.sections.some((s) => s.id === id || s.items.some((i) => i.id === id))) : undefined);
  const shown = summary.rooms.find((r) => r.id === query.get('room')) ?? roomOfRow(edit.open) ?? summary.rooms[0];
  const view: EditorView & { schedule: string } = {
    schedule: schedule.id,
    tab: query.get('tab') === 'financial' ? 'financial' : 'summary',
    room: shown?.id,
    ...edit,
  };
  // "Add from library" is drawn in the open section alone: the library is read only then, and
  // only each product's name travels.
  const sectionOpen = !!view.open && !!shown?.sections.some((s) => s.id === view.open);
  const library = sectionOpen ? (await required(getLibrary(request))).data.products.map((p) => ({ id: p.id, title: p.title })) : [];
  // The other rooms go as an outline: their tabs, their sections (to move to) and their totals
  // (the schedule's total). The room on show goes packed (editor-data.ts; decision 251).
  const rooms = summary.rooms.map(({ id, name, version, totals, sections }) => ({ id, name, version, totals, sections: sections.map((section) => ({ id: section.id, title: section.title })) }));
  const room = shown ? packRoom(shown, (imageId) => scheduleImageWebUrl(data.project.id, imageId, 480)) : null;
  const info = { description: schedule.description, images: schedule.images.map((image) => toWebImage(data.project.id, image)) };
  return json({ project: data.project, schedules, summary: { schedule: summary.schedule, rooms }, room, view, info, library, canSeeMargins: data.canSeeMargins ?? false });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return required(summaryAction(request, params.projectId ?? ''));
}

type ActionReply = { intent?: string; problems?: string[]; problemMessages?: Record<string, string>; typed?: Record<string, string>; typedOver?: Record<string, number>; message?: string; toast?: ToastData | null; result?: { error?: Record<string, string[] | null> | null } };

/**
 * What a refused Save all sent, to show again: only over the version of each item it was typed
 * over. An item someone else changed meanwhile shows their change, and Save all sends it only if
 * it is touched again.
 */
function typedOverShownVersions(reply: ActionReply, items: Map<string, Pick<SummaryItem, 'version'>>): Record<string, string> {
  const over = reply.typedOver ?? {};
  return Object.fromEntries(Object.entries(reply.typed ?? {}).filter(([name]) => {
    const id = name.split(':')[1] ?? '';
    return over[id] === items.get(id)?.version;
  }));
}

export default function SummaryEditor() {
  const data = useLoaderData<typeof loader>();
  const { project, summary, view } = data;
  if (!summary || !view) {
    return (
      <>
        <PageHeader title={project.projectName} description="Summary and financials of a schedule." />
        <EmptyState title={SCHEDULE_MESSAGES.empty} icon="calendar" action={<Link to={`/workspace/project/schedules/${encodeURIComponent(project.id)}?panel=add`} className="button button-primary">Add schedule</Link>}>
          The summary lists a schedule’s rooms, sections and items with their prices. Add a schedule first.
        </EmptyState>
      </>
    );
  }
  return <Editor data={{ ...data, summary, view }} />;
}

type EditorData = ReturnType<typeof useLoaderData<typeof loader>>;
type Loaded = EditorData & { summary: NonNullable<EditorData['summary']>; view: NonNullable<EditorData['view']> };

/** The order of the rooms, sections and items: the room on show with its items, the others without. */
const orderOfPage = (summary: Loaded['summary'], room: { id: string; sections: Array<{ id: string; items: Array<{ id: string }> }> } | null) =>
  orderOf({ rooms: summary.rooms.map((r) => (r.id === room?.id ? room : { id: r.id, sections: r.sections.map((s) => ({ id: s.id, items: [] })) })) });

function Editor({ data }: { data: Loaded }) {
  const { project, schedules, summary, view, info, library, canSeeMargins } = data;
  const actionData = useActionData<typeof action>() as ActionReply | undefined;
  const hydrated = useEnhancedAfterHydration();
  const { search } = useLocation();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const room = useMemo(() => (data.room ? unpackRoom(data.room) : null), [data.room]);
  const [order, dispatch] = useReducer(orderReducer, null, () => orderOfPage(summary, room));
  // The api's order replaces the browser's after every load (a saved move, someone else's change),
  // during the render (not in an effect, which would draw the page twice on every load).
  const [orderFor, setOrderFor] = useState(room);
  if (orderFor !== room) {
    setOrderFor(room);
    dispatch({ type: 'reset', state: orderOfPage(summary, room) });
  }
  // What is typed in the money fields (drafts.tsx): outside React's state, so a keystroke does not draw the page.
  const [drafts] = useState(() => new Drafts());
  const addSection = useClearedAfterSuccess();

  const query = new URLSearchParams(search);
  const confirmKey = query.get('confirm');
  const href = (changes: Partial<EditorView>, extra: Record<string, string> = {}) => editorHref(project.id, { ...view, ...changes }, extra);
  const itemsById = useMemo(() => new Map((room?.sections ?? []).flatMap((s) => s.items.map((i) => [i.id, i] as const))), [room]);
  const sectionsById = new Map((room?.sections ?? []).map((s) => [s.id, s] as const));
  const roomOrder = order.rooms.find((r) => r.id === room?.id);
  // Each section's items in the browser's order: the same array while its order stands, so that a
  // section's memoized content is not drawn again (decision 251).
  const sectionItems = useMemo(
    () => new Map((roomOrder?.sections ?? []).map((entry) => [entry.id, entry.items.map((id) => itemsById.get(id)).filter((i): i is SummaryItem => !!i)] as const)),
    [roomOrder, itemsById],
  );
  const financial = view.tab === 'financial';
  const roomItems = useMemo(() => [...itemsById.values()], [itemsById]);
  const otherRoomsTotals = useMemo(() => summary.rooms.filter((r) => r.id !== room?.id).map((r) => r.totals), [summary, room]);

  // One value for every row while nothing it holds changes: a keystroke, a drag or a fetcher's
  // answer leaves the 200 memoized rows alone.
  const context: EditorContextValue = useMemo(() => {
    const saveAll = actionData?.intent === 'save-all';
    return {
      projectId: project.id,
      view,
      sectionChoices: summary.rooms.flatMap((r) => r.sections.map((s) => ({ id: s.id, label: `${r.name} · ${s.title}` }))),
      roomChoices: summary.rooms.map((r) => ({ id: r.id, label: r.name })),
      library,
      problems: new Set(saveAll ? (actionData.problems ?? []) : []),
      problemMessages: saveAll ? (actionData.problemMessages ?? {}) : {},
      typed: saveAll ? typedOverShownVersions(actionData, itemsById) : {},
      formAction: editorHref(project.id, view),
      // Relative (the query and the anchor), without the room (the loader finds the row's): one per item, so every byte counts.
      openHref: (id) => editorHrefAt(project.id, { ...view, room: undefined, edit: false, open: id }, id).slice(editorPath(project.id).length),
      closeHref: (id) => editorHrefAt(project.id, { ...view, open: undefined }, id),
      // From the view, not the address: an Edit link's address does not name the room.
      confirmHref: (key) => editorHref(project.id, view, { confirm: key }),
      canSeeMargins,
    };
  }, [project.id, view, summary, library, actionData, itemsById, canSeeMargins]);

  // The rooms as the browser orders them (a dropped tab stays where it was dropped while it saves).
  const roomsInOrder = order.rooms.map((r) => summary.rooms.find((room) => room.id === r.id)).filter((r): r is (typeof summary.rooms)[number] => !!r);

  const onMove = (move: Move) => {
    dispatch(
      move.kind === 'rooms'
        ? { type: 'moveRoom', id: move.id, index: move.index }
        : move.kind === 'items'
          ? { type: 'moveItem', id: move.id, sectionId: move.parentId, index: move.index }
          : { type: 'moveSection', id: move.id, roomId: move.parentId, index: move.index },
    );
    const parent: Record<string, string> = move.kind === 'rooms' ? {} : { parentId: move.parentId };
    fetcher.submit({ intent: 'move', js: '1', kind: move.kind, id: move.id, ...parent, index: String(move.index), schedule: view.schedule }, { method: 'post' });
  };

  const [confirmKind, confirmId] = confirmKey ? (confirmKey.split(':') as [string, string]) : [];
  const confirmName =
    confirmKind === 'item' ? itemsById.get(confirmId ?? '')?.title || 'This item' : confirmKind === 'section' ? sectionsById.get(confirmId ?? '')?.title : confirmKind === 'room' ? summary.rooms.find((r) => r.id === confirmId)?.name : undefined;
  const closeConfirm = href({});
  // Edit all: every item's texts (Summary) or figures (Financial) are fields.
  const editing = !!view.edit;
  const showSaveBar = editing || !!view.open;
  const saveMessage = actionData?.intent === 'save-all' ? actionData.message ?? SUMMARY_MESSAGES.requiredFields : null;
  const fetcherToast: ToastData | null = fetcher.data && !fetcher.data.ok ? { type: 'error', message: fetcher.data.message } : null;

  return (
    <EditorContext.Provider value={context}>
    <EnhancedContext.Provider value={hydrated}>
    <DraftsContext.Provider value={drafts}>
      <EditorIconSprite />
      <PageHeader
        title={summary.schedule.title}
        description={
          <>
            Summary and financials · <Link to={`/workspace/project/schedules/${encodeURIComponent(project.id)}`}>{project.projectName}</Link>
          </>
        }
        actions={
          <>
            <Link to={`/workspace/client-board?${new URLSearchParams({ panel: 'new', schedule: view.schedule }).toString()}`} className="button button-ghost" data-testid="share-with-client">
              Share with client
            </Link>
          {schedules.length > 1 ? (
            <Form method="get" className="sm-schedule-pick">
              <label htmlFor="schedule-pick" className="visually-hidden">
                Schedule
              </label>
              <select id="schedule-pick" name="schedule" defaultValue={view.schedule} onChange={hydrated ? (e) => e.currentTarget.form?.requestSubmit() : undefined}>
                {schedules.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
              {financial ? <input type="hidden" name="tab" value="financial" /> : null}
              <button type="submit" className={hydrated ? 'visually-hidden' : 'button button-ghost button-small'}>
                Open
              </button>
            </Form>
          ) : null}
          </>
        }
      />

      {info ? (
        <section className="sm-schedule-info" aria-label="About this schedule" data-testid="schedule-detail">
          <p>{info.description}</p>
          {info.images.length ? (
            <ul className="sch-gallery sm-schedule-images">
              {info.images.map((image, index) => (
                <li key={image.id}>
                  <a href={image.w1600} target="_blank" rel="noreferrer" aria-label={`Image ${index + 1} of ${summary.schedule.title}, full size`}>
                    <img src={image.w480} alt={`${summary.schedule.title}, image ${index + 1}`} width={120} height={80} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <nav className="ws-tabs sm-tabs" aria-label="Summary and financial">
        <Link to={href({ tab: 'summary', edit: false, open: undefined })} className={financial ? 'ws-tab' : 'ws-tab active'} aria-current={financial ? undefined : 'page'} data-testid="tab-summary">
          Summary
        </Link>
        <Link to={href({ tab: 'financial', edit: false, open: undefined })} className={financial ? 'ws-tab active' : 'ws-tab'} aria-current={financial ? 'page' : undefined} data-testid="tab-financial">
          Financial
        </Link>
      </nav>

      {financial ? (
        <section className="sm-totals" aria-label="Schedule totals" data-testid="schedule-totals">
          <h2>Schedule total</h2>
          <LiveScheduleTotal others={otherRoomsTotals} items={roomItems} />
        </section>
      ) : null}

      <SummaryDnd order={order} onMove={onMove}>
      <RoomBar rooms={roomsInOrder} current={room?.id} href={href} newRoomError={actionData?.intent === 'add-room' ? actionData.result?.error?.name?.[0] ?? null : null} newRoomTyped={actionData?.intent === 'add-room' ? String((actionData.result as { initialValue?: Record<string, unknown> | null } | undefined)?.initialValue?.name ?? '') : ''} />

      {/* summary-output: PDF export. The section checkboxes (name="sections", form="pdf-form") choose what it prints; none = every section. */}
      <form id="pdf-form" method="get" action={pdfPath(project.id)} className="sm-toolbar" target={hydrated ? '_blank' : undefined}>
        <input type="hidden" name="schedule" value={view.schedule} />
        <input type="hidden" name="tab" value={view.tab} />
        <p className="muted sm-toolbar-hint">Tick sections to export only those.</p>
        <div className="sm-toolbar-actions">
          {editing ? (
            <Link to={href({ edit: false })} className="button button-ghost" data-testid="cancel-edit">
              Cancel
            </Link>
          ) : (
            <Link to={href({ edit: true, open: undefined })} className="button button-ghost" data-testid="edit-all">
              <Icon d={ACTION_ICONS.edit} size={16} /> {financial ? 'Edit all figures' : 'Edit all descriptions'}
            </Link>
          )}
          {/* The financial PDF prints margins: absent for those who may not see them (docs/decisions/258). */}
          {!financial || canSeeMargins ? (
            <button type="submit" className="button button-ghost" data-testid="export-pdf">
              <Icon d={ACTION_ICONS.download} size={16} /> Export PDF
            </button>
          ) : null}
          {/* Client prices only: every member may export it (docs/decisions/286). */}
          <button type="submit" formAction={proposalPath(project.id)} className="button button-ghost" data-testid="export-proposal">
            <Icon d={ACTION_ICONS.download} size={16} /> Client proposal
          </button>
        </div>
      </form>

      {room && roomOrder ? (
        <>
          {/* The room's heading, for the outline: the page's h1 is the schedule, each section an h3. */}
          <h2 className="visually-hidden">{summary.rooms.find((r) => r.id === room.id)?.name ?? 'Room'}</h2>
          <RowLinks className="sm-sections" testId="sections">
            {roomOrder.sections.length ? (
              roomOrder.sections.map((entry, index) => {
                const section = sectionsById.get(entry.id);
                if (!section) return null;
                return <SectionCard key={section.id} section={section} items={sectionItems.get(entry.id) ?? []} index={index} count={roomOrder.sections.length} editing={!!editing} />;
              })
            ) : (
              <p className="sm-empty">This room has no sections yet. Add the first one below.</p>
            )}
          </RowLinks>
        </>
      ) : (
        <EmptyState title="No rooms yet" icon="project">
          A summary is organised by room. Name the first room above, for example “Living room”.
        </EmptyState>
      )}
      </SummaryDnd>

      {room ? <AddItemForms /> : null}
      {room ? (
        <EditorForm className="sm-add-section" formRef={addSection.formRef} onSubmit={addSection.onSubmit}>
          <input type="hidden" name="roomId" value={room.id} />
          <label htmlFor="new-section" className="visually-hidden">
            New section name
          </label>
          <input id="new-section" name="title" placeholder="New section name (optional)" maxLength={200} />
          <button type="submit" name="intent" value="add-section" className="button button-ghost" data-testid="add-section">
            <Icon d={ACTION_ICONS.add} size={16} /> Add section
          </button>
        </EditorForm>
      ) : null}

      {showSaveBar && roomItems.length ? (
        // noValidate: a blank required field is answered by the action with the spec's message, for every field at once.
        <EditorForm id="save-all" className="sm-savebar" noValidate data-testid="save-all-form">
          {saveMessage ? (
            <p className="sm-savebar-error" role="alert">
              {saveMessage}
            </p>
          ) : (
            <p className="muted">{!editing ? 'Save the open item.' : financial ? 'Change the figures, then save them all at once.' : 'Edit the texts, then save them all at once.'}</p>
          )}
          <button type="submit" name="intent" value="save-all" className="button button-primary" data-testid="save-all">
            Save all
          </button>
        </EditorForm>
      ) : null}

      {confirmKind && confirmId && confirmName !== undefined ? (
        <ConfirmDelete
          what={confirmKind}
          id={confirmId}
          name={confirmName}
          intent={`delete-${confirmKind}`}
          closeTo={closeConfirm}
          question={confirmKind === 'item' ? SUMMARY_MESSAGES.confirmDelete : undefined}
        />
      ) : null}
      <Toast toast={actionData?.toast ?? fetcherToast} />
    </DraftsContext.Provider>
    </EnhancedContext.Provider>
    </EditorContext.Provider>
  );
}
