import { json } from '@remix-run/node';
import { z } from 'zod/v4';
import {
  addCard,
  addItem,
  addItemImages,
  addRoom,
  addSection,
  copyItem,
  copySection,
  deleteCard,
  deleteItem,
  deleteItemImage,
  deleteRoom,
  deleteSection,
  moveSummaryRow,
  renameRoom,
  saveAllItems,
  updateSection,
} from '~/models/workspace-summary.server';
import { addLibraryProductToSection, saveItemToLibrary } from '~/models/summary-output.server';
import { uploadScheduleImages } from '~/models/workspace-schedules.server';
import { ApiError } from '~/utils/api.server';
import { parseWithZod } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { attempt, submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_MANY } from '~/utils/uploads.server';
import { SCHEDULE_IMAGE_MAX_BYTES, SCHEDULE_MESSAGES } from '../../../server/contract/schedules-rules';
import { ITEM_TEXT_FIELDS, parsePercent, RoomBody, RoomChangesBody, SUMMARY_ITEM_TYPES, SUMMARY_LIMITS, SUMMARY_MESSAGES as M, SUMMARY_STATUSES, type ItemChangesInput } from '../../../server/contract/summary';
import { formatQuantity, isUqc, parseQuantity } from '../../../server/contract/quantity';
import { parseRupees } from '../../../server/contract/money-text';
import { editorHref, editorHrefAt, FIELD, readEdit, type EditorView } from '~/components/summary/editor-url';
import { isId, VERSION_MESSAGES } from '../../../server/contract/http';
import { DEFAULT_TIME_ZONE } from '../../../server/contract/dates';
import { staleMessage } from '~/utils/stale';
import { itemFingerprint, type ItemValues } from '../../../server/contract/summary-fingerprint';

/**
 * The editor's forms (workspace-and-admin.md screen 7; DESIGN.md section 9), told apart by
 * `intent`. Without JavaScript each posts and redirects back to the same view with a toast; with
 * JavaScript the drag and drop posts `move` through a fetcher and gets JSON. Nothing is kept only
 * in the browser: every intent is one api call (two for images: upload, then attach).
 */

/** A text field of a post: '' when it is not sent (or is not text). */
const text = z.string().catch('');

/**
 * An editor post as its fields name it, parsed once: the row (`id`, `kind`), the intent's argument,
 * the values of the small forms (a title trimmed; a status or an item type one of the list, else
 * undefined) and the view to go back to. Each intent then says what it misses.
 */
const EditorPost = z.object({
  js: text.transform((value) => value === '1'),
  id: text,
  kind: z.enum(['rooms', 'sections', 'items']).optional().catch(undefined),
  index: text,
  parentId: text,
  to: text,
  roomId: text,
  sectionId: text,
  itemId: text,
  cardId: text,
  imageId: text,
  productId: text,
  title: text.transform((value) => value.trim()),
  description: text,
  status: z.enum(SUMMARY_STATUSES).optional().catch(undefined),
  type: z.enum(SUMMARY_ITEM_TYPES).optional().catch(undefined),
  schedule: text,
  tab: text,
  room: text,
  edit: text,
  /** The version of the row a rename or a status was made on (docs/decisions/320); -1 when none came. */
  version: z.coerce.number().int().min(0).catch(-1),
});
type EditorPost = z.output<typeof EditorPost>;

/** The post's fields; every one of them has a fallback, so a post always reads. */
function readPost(form: FormData): EditorPost {
  const submission = parseWithZod(form, { schema: EditorPost });
  return submission.status === 'success' ? submission.value : EditorPost.parse({});
}

/**
 * The view to go back to, so a post keeps the tab and the room: as the form names it (hidden
 * fields), else as the URL it was posted to says (the shared delete confirmation posts only its id).
 */
function viewOf(post: EditorPost, postedTo: URLSearchParams): EditorView {
  const pick = (name: 'schedule' | 'tab' | 'room' | 'edit') => post[name] || postedTo.get(name) || '';
  // Only an id goes back into the address: a posted 10 KB "room" made a Location header no client could read.
  const id = (name: 'schedule' | 'room') => (isId(pick(name)) ? pick(name) : undefined);
  return { schedule: id('schedule'), tab: pick('tab') === 'financial' ? 'financial' : 'summary', room: id('room'), ...readEdit(pick('edit'), isId) };
}

/**
 * What a failed change says: for one made on a version someone else changed meanwhile, who and when
 * (the page then shows their values, docs/decisions/320) and, for a rename, the text typed, so it is
 * not lost.
 */
const failureMessage = (error: ApiError, typed?: string) => {
  if (error.stale) return `${staleMessage(error.stale, error.timeZone ?? DEFAULT_TIME_ZONE, new Date(), 'inline')}${typed ? ` You typed: “${typed}”.` : ''}`;
  return error.status >= 500 ? 'The change could not be saved. Please try again.' : error.message;
};
const noVersion = () => Promise.reject(new ApiError(400, VERSION_MESSAGES.required));

/**
 * Runs one api call and redirects back to the view with a success toast, or with the api's
 * message as an error toast (a 409 "changed meanwhile" included: the page reloads with the
 * other person's version). JavaScript fetchers (`js=1`) get JSON instead.
 */
async function step(projectId: string, js: boolean, current: EditorView, run: () => Promise<unknown>, success: string, view: Partial<EditorView> = {}, typed?: string) {
  // Back to the row that was open (its anchor), and still open: the next change is one click away.
  const next = { ...current, ...view };
  const target = editorHrefAt(projectId, next, next.open);
  const sent = await attempt(run());
  if (!sent.ok && js) return json({ ok: false as const, message: failureMessage(sent.error, typed) }, { status: sent.error.status >= 500 ? 502 : sent.error.status });
  if (!sent.ok) return redirectWithError(target, failureMessage(sent.error, typed));
  const { reply } = sent;
  const id = reply && typeof reply === 'object' && 'id' in reply ? String((reply as { id: unknown }).id) : undefined;
  if (js) return json({ ok: true as const, message: success, id });
  return redirectWithSuccess(target, success);
}

/**
 * The field each intent's one argument goes to. A row's buttons share its form (its `id` and
 * `kind` once, decision 215), so a button that needs one more value sends it after a colon in its
 * intent: `move:3` (to index 3), `delete-image:<imageId>`, `delete-card:<cardId>`,
 * `add-item:product`. An intent not listed here keeps its colon, and is refused as unknown.
 */
const INTENT_ARGUMENTS: Record<string, string> = { move: 'index', 'delete-image': 'imageId', 'delete-card': 'cardId', 'add-item': 'type' };

export function spreadIntentArgument(form: FormData) {
  const posted = form.get('intent');
  const intent = typeof posted === 'string' ? posted : '';
  const colon = intent.indexOf(':');
  const name = colon > 0 ? intent.slice(0, colon) : '';
  if (!Object.hasOwn(INTENT_ARGUMENTS, name)) return;
  form.set('intent', name);
  form.set(INTENT_ARGUMENTS[name]!, intent.slice(colon + 1));
}

/** "Move to another section / room": to the end of the parent chosen. */
const TO_THE_END = 10_000;


/**
 * Save all: every item whose fields the form carries (`f:<id>:<field>`, one `items` value per
 * item: `<id>:<version>:<fingerprint>`). Texts as typed; money in rupees ("1,23,456.78"), discount
 * in percent. An item whose fields read as they did when the page was drawn (its fingerprint) is
 * left out: nobody touched it (decision 199). A blank required text or an unreadable amount
 * answers the form again with "Please fill all required fields before saving", nothing saved.
 */
function readSaveAll(form: FormData): { items: Array<ItemChangesInput & { id: string }>; problems: string[]; problemMessages: Record<string, string> } {
  const items: Array<ItemChangesInput & { id: string }> = [];
  const problems: string[] = [];
  // What is wrong with each figure refused: a 150 % discount is out of range, not a blank field.
  const problemMessages: Record<string, string> = {};
  for (const entry of form.getAll('items')) {
    const [id = '', versionText = '', drawn] = String(entry).split(':');
    const values: ItemValues = {};
    const problemsBefore = problems.length;
    for (const field of ITEM_TEXT_FIELDS) {
      const value = form.get(FIELD(id, field));
      if (typeof value === 'string') values[field] = value;
    }
    const money = [
      ['retailPrice', parseRupees],
      ['tradePrice', parseRupees],
      ['discountBp', parsePercent],
    ] as const;
    for (const [field, parse] of money) {
      const value = form.get(FIELD(id, field));
      if (typeof value !== 'string') continue;
      const parsed = parse(value.trim() === '' ? '0' : value);
      if (parsed === null || parsed > (field === 'discountBp' ? SUMMARY_LIMITS.discountBp : SUMMARY_LIMITS.pricePaise)) {
        problems.push(`${id}:${field}`);
        problemMessages[`${id}:${field}`] = field === 'discountBp' ? M.discountRange : M.priceRange;
      } else values[field] = parsed;
    }
    // Up to three decimals, kept in thousandths (decision 403): "12.5" is 12500.
    const quantity = form.get(FIELD(id, 'quantity'));
    if (typeof quantity === 'string') {
      const milli = parseQuantity(quantity.trim() === '' ? '0' : quantity);
      if (milli === null || milli > SUMMARY_LIMITS.quantity * 1000) {
        problems.push(`${id}:quantity`);
        problemMessages[`${id}:quantity`] = M.quantityRange;
      } else values.quantity = milli;
    }
    const unit = form.get(FIELD(id, 'unit'));
    if (typeof unit === 'string') {
      if (!isUqc(unit)) {
        problems.push(`${id}:unit`);
        problemMessages[`${id}:unit`] = M.unit;
      } else values.unit = unit;
    }
    const untouched = problems.length === problemsBefore && drawn !== undefined && drawn === itemFingerprint(values);
    if (untouched) continue;
    const version = Number(versionText);
    // The version the item was typed over is required (docs/decisions/320): a form without one is refused by the api (400).
    // The api reads the quantity as units: sent as its exact text.
    const { quantity: milli, ...rest } = values;
    items.push({ id, version: Number.isInteger(version) ? version : -1, ...rest, ...(milli !== undefined ? { quantity: formatQuantity(milli) } : {}) });
  }
  return { items, problems, problemMessages };
}

async function saveAll(request: Request, projectId: string, form: FormData, view: EditorView) {
  const { items, problems, problemMessages } = readSaveAll(form);
  // What was typed, shown again when the save is refused (without JavaScript the page is drawn
  // anew), with the version of each item it was typed over: the page shows it again only over that
  // version, so an item someone else changed meanwhile shows their change instead.
  const typed = Object.fromEntries([...form.entries()].filter(([name, value]) => name.startsWith('f:') && typeof value === 'string').map(([name, value]) => [name, String(value)]));
  const typedOver = Object.fromEntries(form.getAll('items').map((entry) => String(entry).split(':')).map(([id = '', version = '']) => [id, Number(version)]));
  const refused = (status: 400 | 409, message: string, problems: string[], messages: Record<string, string> = {}) =>
    json({ intent: 'save-all' as const, problems, problemMessages: messages, typed, typedOver, message }, { status });
  if (!view.schedule) throw json({ message: M.scheduleNotFound }, { status: 404 });
  // Saved: the rows close, and the page returns to the one that was open.
  const saved = editorHrefAt(projectId, { ...view, edit: false, open: undefined }, view.open);
  if (!items.length) return redirectWithSuccess(saved, M.saved);
  // Every refused field a figure (none a blank text): say what is wrong with them.
  if (problems.length) return refused(400, problems.every((p) => problemMessages[p]) ? M.checkFigures : M.requiredFields, problems, problemMessages);
  const sent = await attempt(saveAllItems(request, view.schedule, items));
  if (sent.ok) return redirectWithSuccess(saved, M.saved);
  const { error } = sent;
  // `items.3.title` → the field of that item, so the form marks it.
  const marked = error.details.map((d) => {
    const [, index, field] = /^items\.(\d+)\.(\w+)$/.exec(d.path) ?? [];
    return index !== undefined ? `${items[Number(index)]?.id}:${field}` : d.path;
  });
  if (error.status === 400) return refused(400, error.message, marked);
  // Nothing was saved. The items someone else changed show their version (they have a new one);
  // what was typed in every other item stays.
  if (error.status === 409) return refused(409, M.staleInSaveAll, []);
  return redirectWithError(editorHrefAt(projectId, view, view.open), failureMessage(error));
}

async function newRoom(request: Request, projectId: string, form: FormData, view: EditorView) {
  const schedule = view.schedule;
  if (!schedule) return formFailure(parseWithZod(form, { schema: RoomBody }), { intent: 'add-room' });
  return submitForm(form, {
    schema: RoomBody,
    intent: 'add-room',
    send: ({ name }) => addRoom(request, schedule, name),
    done: ({ id }) => redirectWithSuccess(editorHref(projectId, { ...view, room: id, open: undefined }), 'Room added'),
  });
}

async function renameRoomIntent(request: Request, projectId: string, form: FormData, post: EditorPost, view: EditorView) {
  const submission = parseWithZod(form, { schema: RoomChangesBody });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'rename-room' });
  const { name, version } = submission.value;
  return step(projectId, post.js, view, () => renameRoom(request, post.id, name, version), 'Room renamed', {}, name);
}

/** Images picked for an item: uploaded to the api as they arrive, then attached to the item. */
async function readForm(request: Request, projectId: string) {
  const uploaded: string[] = [];
  const uploadErrors = new Set<string>();
  const form = await parseUploadForm(request, {
    maxFileBytes: SCHEDULE_IMAGE_MAX_BYTES,
    maxFiles: SUMMARY_LIMITS.imagesPerItem,
    onFile: async (file) => {
      const body = new FormData();
      body.append('files', file, file.name);
      const sent = await attempt(uploadScheduleImages(request, projectId, body));
      if (sent.ok) uploaded.push(...sent.reply.images.map((image) => image.id));
      else uploadErrors.add(sent.error.status === 415 ? M.imageType : sent.error.status >= 500 ? SCHEDULE_MESSAGES.uploadFailed : sent.error.message);
      return undefined;
    },
  });
  for (const problem of fileProblems(form, 'files')) if (problem.problem === 'too-large') uploadErrors.add(problem.message);
  if (form.getAll('files').includes(TOO_MANY)) uploadErrors.add(M.imagesMax);
  return { form, uploaded, uploadErrors: [...uploadErrors] };
}

export async function summaryAction(request: Request, projectId: string) {
  const { form, uploaded, uploadErrors } = await readForm(request, projectId);
  spreadIntentArgument(form);
  const post = readPost(form);
  const current = viewOf(post, new URL(request.url).searchParams);
  const { id } = post;
  // The row a post is about: its own field where the intent names one (the image form's `itemId`),
  // else the id of the row's form.
  const row = (field: 'itemId' | 'sectionId' | 'cardId') => post[field] || id;
  const go = (run: () => Promise<unknown>, success: string, view: Partial<EditorView> = {}, typed?: string) => step(projectId, post.js, current, run, success, view, typed);
  const { version } = post;
  const move = (index: number, parentId: string | undefined) => {
    const { kind } = post;
    if (!kind || !Number.isInteger(index) || index < 0) return go(() => Promise.reject(new ApiError(400, 'That move is not possible')), '');
    return go(() => moveSummaryRow(request, kind, id, Math.min(index, TO_THE_END), parentId), M.moved);
  };
  return dispatchIntent<Response | Promise<Response>>(form, {
    'add-room': () => newRoom(request, projectId, form, current),
    'rename-room': () => renameRoomIntent(request, projectId, form, post, current),
    'delete-room': () => go(() => deleteRoom(request, id), 'Room deleted', { room: undefined }),
    'add-section': () => go(() => addSection(request, post.roomId, post.title || undefined), 'Section added'),
    'rename-section': () => {
      const { title } = post;
      if (!title) return go(() => Promise.reject(new ApiError(400, M.sectionTitleRequired)), '');
      return go(() => (version >= 0 ? updateSection(request, id, { title, version }) : noVersion()), 'Section renamed', {}, title);
    },
    status: () => {
      const { status } = post;
      if (!status) return go(() => Promise.reject(new ApiError(400, 'Choose a status')), '');
      return go(() => (version >= 0 ? updateSection(request, id, { status, version }) : noVersion()), 'Status updated');
    },
    'delete-section': () => go(() => deleteSection(request, id), 'Section deleted', { open: undefined }),
    'copy-section': () => go(() => copySection(request, id), M.copied),
    'add-item': () => {
      const { type } = post;
      return go(() => (type ? addItem(request, row('sectionId'), type) : Promise.reject(new ApiError(400, 'Choose an item type'))), 'Item added');
    },
    'delete-item': () => go(() => deleteItem(request, id), 'Item deleted', { open: undefined }),
    'copy-item': () => go(() => copyItem(request, id), M.copied),
    // A drop (the fetcher: index and parent) and Move up / down (`move:<index>`, in the same parent).
    move: () => move(Number(post.index), post.parentId || undefined),
    // "Move to section / room": the row's form, with the parent chosen in `to`.
    'move-to': () => move(TO_THE_END, post.to || undefined),
    'save-all': () => saveAll(request, projectId, form, current),
    'add-images': () => {
      if (uploadErrors.length) return go(() => Promise.reject(new ApiError(400, uploadErrors[0]!)), '');
      if (!uploaded.length) return go(() => Promise.reject(new ApiError(400, SCHEDULE_MESSAGES.imagesRequiredToUpload)), '');
      return go(() => addItemImages(request, row('itemId'), uploaded), 'Images added');
    },
    'delete-image': () => go(() => deleteItemImage(request, row('itemId'), post.imageId), 'Image removed'),
    'add-card': () => {
      const { title } = post;
      if (!title) return go(() => Promise.reject(new ApiError(400, 'Card title cannot be empty')), '');
      return go(() => addCard(request, post.sectionId, { title, description: post.description }), 'Card added');
    },
    'delete-card': () => go(() => deleteCard(request, row('cardId')), 'Card deleted'),
    'save-to-library': () => go(() => saveItemToLibrary(request, row('itemId')), 'Saved to the Project Library'),
    'add-from-library': () => {
      const { productId } = post;
      if (!productId) return go(() => Promise.reject(new ApiError(400, 'Choose a product from the library')), '');
      return go(() => addLibraryProductToSection(request, productId, row('sectionId')), 'Product added from the library');
    },
  });
}
