import { IconPath } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';

/**
 * The icons the editor draws on every room, section and item. Their paths are in the page once, as
 * symbols of a sprite (EditorIconSprite), and each button points at one (`<use>`): a room of 50
 * items draws some 350 of them (decision 215).
 */
const ROW_ICONS = {
  copy: 'M8 8h11v11H8zM5 16V5h11',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  add: ACTION_ICONS.add,
  // Save to library: a book with a plus (a download arrow read as "export a file").
  library: 'M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2zM4 21V5M12 7v6M9 10h6',
  trash: ACTION_ICONS.trash,
  close: ACTION_ICONS.close,
} as const;

export type RowIconName = keyof typeof ROW_ICONS;

const symbolId = (name: RowIconName) => `sm-icon-${name}`;

/** The sprite: drawn once by the editor's page, before any RowIcon. */
export function EditorIconSprite() {
  return (
    <svg className="sm-sprite" width="0" height="0" aria-hidden="true" focusable="false">
      {(Object.keys(ROW_ICONS) as RowIconName[]).map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <IconPath d={ROW_ICONS[name]} />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of the sprite, as ~/components/icon's Icon draws it. */
export function RowIcon({ name, size }: { name: RowIconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
