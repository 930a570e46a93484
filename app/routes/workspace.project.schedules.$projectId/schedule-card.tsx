import { Link, useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Icon } from '~/components/icon';
import { ImagePlaceholder, ResponsiveImage, SIZES, type ImageVariants } from '~/components/responsive-image';
import { Toast, type ToastData } from '~/components/toast';
import { pickProblem } from '~/utils/file-sniff';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { useClickOrDoubleClick } from '~/components/workspace/use-click-or-double-click';
import { dateParts, formatTime, monthName } from '../../../server/contract/dates';
import { useTimeZone } from '~/utils/time-zone';

export type ScheduleCardData = {
  id: string;
  title: string;
  description: string;
  createdAt: string;
  cover: (ImageVariants & { id: string }) | null;
  imageCount: number;
  /** The version read: what an inline edit names (docs/decisions/320). */
  version: number;
};

type Field = 'title' | 'description';
type InlineReply = { ok: boolean; toast: ToastData | null };

/** Controls of a card that do their own thing: a click on them neither opens nor edits the schedule. */
const OWN_CONTROLS = 'a[data-card-action], button, input, textarea, select, label, form';

/**
 * One schedule (workspace-and-admin.md screen 3): its image with the creation day and month, the
 * time, title and description, Edit and Delete. Without JavaScript the title is a link to the
 * schedule, Edit opens a form in the card (`?edit={id}`) and Delete a confirmation. With
 * JavaScript (spec, sections 3, 4 and 9):
 * - a single click anywhere on the card opens the schedule after 250 ms, so that a double-click
 *   does not; clicks are ignored while a field is being edited;
 * - a double-click on the title or the description edits it in place: Enter or leaving the field
 *   saves, Escape cancels, and a blank or unchanged value cancels with no call;
 * - a double-click on the image picks a new one, uploaded and saved at once.
 */
export function ScheduleCard({
  schedule,
  openHref,
  editHref,
  deleteHref,
  editForm,
}: {
  schedule: ScheduleCardData;
  openHref: string;
  editHref: string;
  deleteHref: string;
  /** The Edit form, when the URL asks for it (`?edit={id}`): shown in place of the card's text. */
  editForm?: ReactNode;
}) {
  const zone = useTimeZone();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fieldFetcher = useFetcher<InlineReply>();
  const imageFetcher = useFetcher<InlineReply>();
  const [editing, setEditing] = useState<Field | null>(null);
  // A press that starts while a field is edited ends the edit (the field loses focus) and is not a click on the card.
  const pressedWhileEditing = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /** What the double-click was on: the title, the description or the image. */
  const doubleClicked = useRef<string | undefined>();

  // While a change is on its way the card shows it already; the page's data follows once saved.
  const pending = fieldFetcher.state !== 'idle' ? fieldFetcher.formData : undefined;
  const shown = (field: Field) => (pending?.get('field') === field ? String(pending.get('value')) : schedule[field]);
  const uploading = imageFetcher.state !== 'idle';
  const [pickError, setPickError] = useState<ToastData | null>(null);

  const clicks = useClickOrDoubleClick(
    () => navigate(openHref),
    () => {
      const target = doubleClicked.current;
      if (target === 'title' || target === 'description') {
        window.getSelection()?.removeAllRanges();
        setEditing(target);
      } else if (target === 'image' && !uploading) {
        fileInput.current?.click();
      }
    },
  );
  /** Whether the card leaves this event alone: no JavaScript yet, or one of its own controls (Edit, Delete, a form). */
  const notForCard = (event: MouseEvent<HTMLElement>) => !hydrated || !!(event.target as HTMLElement).closest(OWN_CONTROLS);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (notForCard(event)) return;
    if (editing || pressedWhileEditing.current) return event.preventDefault();
    clicks.onClick(event);
  };

  const onDoubleClick = (event: MouseEvent<HTMLElement>) => {
    if (notForCard(event) || editing) return;
    doubleClicked.current = (event.target as HTMLElement).closest<HTMLElement>('[data-edit]')?.dataset.edit;
    clicks.onDoubleClick(event);
  };

  const save = (field: Field, value: string) => {
    setEditing(null);
    const text = value.trim();
    // Spec, section 4: an empty or blank value cancels with no call; so does an unchanged one.
    if (!text || text === schedule[field]) return;
    fieldFetcher.submit({ intent: 'edit-field', id: schedule.id, field, value: text, version: String(schedule.version) }, { method: 'post' });
  };

  const { day, month, hour, minute } = dateParts(schedule.createdAt, zone);
  const toast = pickError ?? (imageFetcher.state === 'idle' ? imageFetcher.data?.toast : null) ?? (fieldFetcher.state === 'idle' ? fieldFetcher.data?.toast : null);

  return (
    <article
      className={`sch-card${editing || editForm ? ' is-editing' : ''}`}
      data-testid="schedule-card"
      data-schedule-id={schedule.id}
      onMouseDownCapture={() => {
        pressedWhileEditing.current = editing !== null;
      }}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
    >
      <div className="sch-media" data-edit="image" title={hydrated ? 'Double-click to change the image' : undefined} data-testid="schedule-image">
        {schedule.cover ? (
          <ResponsiveImage image={schedule.cover} alt={schedule.title} sizes={SIZES.card} />
        ) : (
          <ImagePlaceholder label="No image yet" />
        )}
        <time className="sch-date" dateTime={schedule.createdAt} data-testid="schedule-date">
          <strong>{day}</strong>
          <span>{monthName(month)}</span>
        </time>
        {schedule.imageCount > 1 ? <span className="sch-count">{schedule.imageCount} images</span> : null}
        {uploading ? (
          <span className="sch-uploading" role="status">
            Uploading…
          </span>
        ) : null}
        {hydrated ? (
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
            hidden
            tabIndex={-1}
            data-testid="schedule-image-input"
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (!file) return;
              // Checked here first, with the api's message; the api still decides.
              const problem = await pickProblem([file], UPLOAD_RULES.scheduleImage);
              setPickError(problem ? { type: 'error', message: problem } : null);
              if (problem) return;
              const form = new FormData();
              form.append('intent', 'replace-image');
              form.append('id', schedule.id);
              form.append('files', file, file.name);
              imageFetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
            }}
          />
        ) : null}
      </div>
      <div className="sch-body">
        {editForm ?? (
          <>
            <p className="sch-time">
              <time dateTime={schedule.createdAt}>{formatTime({ hour, minute })}</time>
            </p>
            {editing === 'title' ? (
              <InlineEditor label="Title" value={schedule.title} onSave={(v) => save('title', v)} onCancel={() => setEditing(null)} />
            ) : (
              <h2 className="sch-title">
                {/* A plain link: with JavaScript the card's click handler decides when it opens. */}
                <a href={openHref} data-edit="title">
                  {shown('title')}
                </a>
              </h2>
            )}
            {editing === 'description' ? (
              <InlineEditor label="Description" multiline value={schedule.description} onSave={(v) => save('description', v)} onCancel={() => setEditing(null)} />
            ) : (
              <p className="sch-desc" data-edit="description" data-testid="schedule-description">
                {shown('description')}
              </p>
            )}
            <div className="sch-actions">
              <Link to={editHref} replace preventScrollReset data-card-action className="sch-icon" aria-label={`Edit ${schedule.title}`} title="Edit">
                <Icon d={ACTION_ICONS.edit} />
              </Link>
              <Link to={deleteHref} replace preventScrollReset data-card-action className="sch-icon sch-icon-danger" aria-label={`Delete ${schedule.title}`} title="Delete">
                <Icon d={ACTION_ICONS.trash} />
              </Link>
            </div>
          </>
        )}
      </div>
      <Toast toast={toast} />
    </article>
  );
}

/** A title or description being edited in place: Enter or leaving saves, Escape cancels. */
function InlineEditor({
  label,
  value,
  multiline = false,
  onSave,
  onCancel,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const finish = (save: boolean) => {
    // Enter or Escape unmounts the field, which then blurs: it ends once.
    if (finished.current) return;
    finished.current = true;
    if (save) onSave(field.current?.value ?? '');
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    } else if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
      event.preventDefault();
      finish(true);
    }
  };
  const props = {
    ref: field,
    defaultValue: value,
    'aria-label': label,
    className: multiline ? 'sch-inline sch-inline-desc' : 'sch-inline sch-inline-title',
    onKeyDown,
    onBlur: () => finish(true),
    'data-testid': `inline-${label.toLowerCase()}`,
  };
  return (
    <>
      {multiline ? <textarea {...props} rows={4} /> : <input type="text" {...props} />}
      <p className="sch-inline-hint">Enter saves · Esc cancels</p>
    </>
  );
}
