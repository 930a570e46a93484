import { Link } from '@remix-run/react';
import { memo, useContext, useState } from 'react';
import { bpToInput, ITEM_FIELDS_BY_TYPE, ITEM_REQUIRED_FIELD, SUMMARY_ITEM_TYPE_LABELS, SUMMARY_LIMITS, SUMMARY_MESSAGES, type ItemTextField } from '../../../server/contract/summary-rules';
import { paiseToDecimal } from '../../../server/contract/money-text';
import { formatQuantity, UQC_CODES, UQC_UNITS } from '../../../server/contract/quantity';
import { fieldsInSaveAll, itemFingerprint } from '../../../server/contract/summary-fingerprint';
import { RowGrip, useEnhanced } from './dnd';
import { DraftsContext, useDraftCleared, type MoneyField } from './drafts';
import { FigureLine, LiveItemFigures } from './figures';
import { EditButton, EditorForm, IntentButton, MoveAndDelete, RowForm, rowFormId, useEditor, type SummaryItem } from './editor-context';
import { rowAnchor } from './editor-url';
import { FIELD } from './editor-url';
import { RowIcon } from './icons';
import { MoveTo } from './move-to';
import { pickProblem } from '~/utils/file-sniff';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';

const TEXT_LABELS: Record<ItemTextField, string> = { title: 'Title', description: 'Description', title1: 'Second title', description1: 'Second description' };

/**
 * One item (product, description, title or financial). It is a read view with an Edit link
 * (`?edit=<item>`, back to its anchor), unless it is the item open for editing (decision
 * 250). The open item draws its fields in Save all (`form="save-all"`: its texts; on the Financial
 * tab its figures, live) and its controls: Copy, Save to library, Move up / down, Remove image and
 * "Move to section" are buttons of its one form (RowForm), Delete a link to the confirmation.
 * "Edit all" (`edit=1`) draws every item's fields, without the controls. With JavaScript the grip
 * drags the card.
 */
export const ItemCard = memo(function ItemCard({ item, index, count, editing }: { item: SummaryItem; index: number; count: number; editing: boolean }) {
  const { view, sectionChoices, problems, typed, closeHref } = useEditor();
  const financialTab = view.tab === 'financial';
  const hasMoney = item.type === 'financial' || item.type === 'product';
  const fields = ITEM_FIELDS_BY_TYPE[item.type];
  const open = view.open === item.id;
  // `editing`: Edit all (texts on Summary, figures on Financial), or this item open.
  const fieldsOn = editing || open;
  const editsTexts = fieldsOn && (!financialTab || item.type === 'financial');
  const editsMoney = fieldsOn && financialTab && hasMoney;
  const value = (field: string, fallback: string) => typed[FIELD(item.id, field)] ?? fallback;

  return (
    <article
      id={rowAnchor(item.id)}
      className={`sm-item sm-item-${item.type}${open ? ' is-open' : ''}`}
      data-testid="summary-item"
      data-type={item.type}
    >
      <header className="sm-item-head">
        <RowGrip />
        <span className={`sm-type sm-type-${item.type}`}>{SUMMARY_ITEM_TYPE_LABELS[item.type]}</span>
        {open ? null : <EditButton id={item.id} label={`Edit ${item.title || SUMMARY_ITEM_TYPE_LABELS[item.type].toLowerCase()}`} testId="edit-item" />}
      </header>
      {open ? (
        <RowForm kind="items" id={item.id} className="sm-item-actions">
          <IntentButton intent="copy-item" label="Copy item" testId="copy-item">
            <RowIcon name="copy" size={16} />
          </IntentButton>
          {item.type === 'product' ? (
            <IntentButton intent="save-to-library" label="Save to library" testId="save-to-library">
              <RowIcon name="library" size={16} />
            </IntentButton>
          ) : null}
          <MoveAndDelete
            index={index}
            count={count}
            confirmKey={`item:${item.id}`}
            labels={{ up: 'Move up', down: 'Move down', remove: 'Delete item' }}
            testIds={{ up: 'move-up', down: 'move-down', remove: 'delete-item' }}
          />
          <Link to={closeHref(item.id)} preventScrollReset className="button button-ghost button-small sm-done" data-testid="close-item">
            Done
          </Link>
        </RowForm>
      ) : null}

      {/* Save all carries this item when it has fields in it (its texts, its figures): its version, for a change made meanwhile, and what its fields read now, so that an untouched item is left out. */}
      {editsTexts || editsMoney ? (
        <input type="hidden" name="items" value={`${item.id}:${item.version}:${itemFingerprint(fieldsInSaveAll(item, { texts: editsTexts, figures: editsMoney }))}`} form="save-all" />
      ) : null}
      {editsTexts ? (
        <div className={`sm-item-fields${item.type === 'title' ? ' is-two' : ''}`}>
          {fields.map((field) => {
            const name = FIELD(item.id, field);
            const invalid = problems.has(`${item.id}:${field}`);
            const long = field.startsWith('description');
            const props = {
              id: name,
              name,
              form: 'save-all',
              defaultValue: value(field, item[field]),
              required: ITEM_REQUIRED_FIELD[item.type] === field,
              'aria-invalid': invalid || undefined,
              maxLength: long ? SUMMARY_LIMITS.itemDescription : SUMMARY_LIMITS.itemTitle,
            };
            // Keyed by the item's version: a change saved by someone else replaces what the field shows.
            return (
              <div key={`${field}:${item.version}`} className={`field${invalid ? ' has-error' : ''}`}>
                <label htmlFor={name}>{TEXT_LABELS[field]}</label>
                {long ? <textarea rows={2} {...props} /> : <input type="text" {...props} />}
                {invalid ? <p className="field-error">{SUMMARY_MESSAGES.requiredFields}</p> : null}
              </div>
            );
          })}
        </div>
      ) : (
        <div className={`sm-item-body${item.type === 'title' ? ' is-two' : ''}`}>
          {item.type === 'title' ? (
            <>
              <div>
                <h4>{item.title}</h4>
                {item.description ? <p>{item.description}</p> : null}
              </div>
              <div>
                <h4>{item.title1}</h4>
                {item.description1 ? <p>{item.description1}</p> : null}
              </div>
            </>
          ) : (
            <>
              {item.type !== 'description' ? <h4>{item.title}</h4> : null}
              {item.description ? <p className={item.type === 'description' ? 'sm-desc' : undefined}>{item.description}</p> : null}
            </>
          )}
        </div>
      )}

      {/* A read view without pictures draws nothing here: 200 empty boxes were 6 KB. */}
      {item.type === 'product' && (item.images.length || open) ? (
        <div className="sm-images">
          {item.images.length ? (
            <ul>
              {item.images.map((image, i) => (
                <li key={image.id}>
                  <img src={image.w480} alt={`${item.title}, image ${i + 1}`} loading="lazy" width={96} height={72} />
                  {financialTab || !open ? null : (
                    <IntentButton intent="delete-image" value={image.id} form={rowFormId('items', item.id)} label={`Remove image ${i + 1}`} className="sm-image-remove">
                      <RowIcon name="close" size={12} />
                    </IntentButton>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {/* The spec: the add icon of a product item is hidden on the financial tab. */}
          {financialTab || !open || item.images.length >= SUMMARY_LIMITS.imagesPerItem ? null : <ImageForm item={item} />}
        </div>
      ) : null}

      {financialTab && hasMoney && !editsMoney ? <FigureLine figures={item.figures} testId="item-figures" /> : null}
      {editsMoney ? <MoneyFields item={item} /> : null}

      {open ? (
        <div className="sm-item-foot">
          {/* Saves this item's fields: the page's Save all form, which carries only the fields drawn. */}
          <button type="submit" form="save-all" name="intent" value="save-all" className="button button-primary button-small" data-testid="save-item">
            Save
          </button>
          {/* Without JavaScript (and by keyboard), the way to move an item to another section. */}
          <MoveTo kind="items" id={item.id} parentId={item.sectionId} choices={sectionChoices} summary="Move to another section" button="Move to section" label="Section" menuTestId="move-menu" selectTestId="move-to-section" />
        </div>
      ) : null}
    </article>
  );
});

/** The open product's Add images: a multipart form; with JavaScript a choice is checked, then posted at once. */
function ImageForm({ item }: { item: SummaryItem }) {
  const hydrated = useEnhanced();
  const [pickError, setPickError] = useState<string | null>(null);
  return (
    <EditorForm encType="multipart/form-data" className="sm-image-form" data-testid="image-form">
      <input type="hidden" name="itemId" value={item.id} />
      {/* In a field, not on the button: a choice submits the form without a submitter (JavaScript). */}
      <input type="hidden" name="intent" value="add-images" />
      <label className="sm-image-pick">
        <RowIcon name="add" size={16} />
        <span>Add images</span>
        <input
          type="file"
          name="files"
          multiple
          accept="image/jpeg,image/png,image/gif"
          data-testid="image-input"
          onChange={
            hydrated
              ? async (event) => {
                  // Checked here first, with the api's messages; the api still decides.
                  const input = event.currentTarget;
                  const problem = await pickProblem([...(input.files ?? [])], UPLOAD_RULES.scheduleImage, {
                    left: SUMMARY_LIMITS.imagesPerItem - item.images.length,
                    message: SUMMARY_MESSAGES.imagesMax,
                  });
                  setPickError(problem);
                  if (problem) input.value = '';
                  else input.form?.requestSubmit();
                }
              : undefined
          }
        />
      </label>
      {pickError ? (
        <p className="field-error" role="alert" data-testid="image-pick-error">
          {pickError}
        </p>
      ) : null}
      <button type="submit" className={hydrated ? 'visually-hidden' : 'button button-ghost button-small'}>
        Upload
      </button>
    </EditorForm>
  );
}

/** The unit its quantity counts (GST's UQC list; decision 403): invoice lines made from the item carry it (12.5 MTR). */
function UnitField({ item, value, invalid }: { item: SummaryItem; value: string; invalid: boolean }) {
  const name = FIELD(item.id, 'unit');
  return (
    <div key={`unit:${item.version}`} className={`field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={name}>Unit</label>
      <select id={name} name={name} form="save-all" defaultValue={value} aria-invalid={invalid || undefined} data-testid="money-unit">
        {UQC_CODES.filter((code) => code !== 'NA').map((code) => (
          <option key={code} value={code}>
            {code} ({UQC_UNITS[code]})
          </option>
        ))}
      </select>
      {invalid ? <p className="field-error">{SUMMARY_MESSAGES.unit}</p> : null}
    </div>
  );
}

/**
 * The money fields of an item being edited (Save all's, `form="save-all"`) and its figures as they
 * are typed. What is typed goes to the page's drafts (drafts.tsx), not to React state: a keystroke
 * re-renders these figures and the totals, not the room's other items.
 */
function MoneyFields({ item }: { item: SummaryItem }) {
  const { problems, problemMessages, typed, canSeeMargins } = useEditor();
  const drafts = useContext(DraftsContext);
  useDraftCleared(item);
  const value = (field: string, fallback: string) => typed[FIELD(item.id, field)] ?? fallback;
  const money: Array<readonly [MoneyField, string, string, 'decimal' | 'numeric']> = [
    ['retailPrice', 'Retail Price (₹)', paiseToDecimal(item.retailPrice), 'decimal'],
    ['tradePrice', 'Trade Price (₹)', paiseToDecimal(item.tradePrice), 'decimal'],
    ['discountBp', 'Discount (%)', bpToInput(item.discountBp), 'decimal'],
    ['quantity', 'Quantity', formatQuantity(item.quantityMilli), 'decimal'],
  ];
  return (
    <div className="sm-money">
      <div className="sm-money-fields">
        {money
          .filter(([field]) => field !== 'tradePrice' || canSeeMargins)
          .map(([field, label, fallback, mode]) => {
            const name = FIELD(item.id, field);
            const invalid = problems.has(`${item.id}:${field}`);
            const message = problemMessages[`${item.id}:${field}`];
            return (
              <div key={`${field}:${item.version}`} className={`field${invalid ? ' has-error' : ''}`}>
                <label htmlFor={name}>{label}</label>
                <input
                  id={name}
                  name={name}
                  form="save-all"
                  inputMode={mode}
                  defaultValue={value(field, fallback)}
                  aria-invalid={invalid || undefined}
                  onChange={(event) => drafts.set(item, field, event.currentTarget.value)}
                  data-testid={`money-${field}`}
                />
                {invalid && message ? <p className="field-error">{message}</p> : null}
              </div>
            );
          })}
        <UnitField item={item} value={value('unit', item.unit)} invalid={problems.has(`${item.id}:unit`)} />
      </div>
      <LiveItemFigures item={item} testId="item-figures" />
    </div>
  );
}
