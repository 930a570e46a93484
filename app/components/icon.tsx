/** A line icon: one SVG path drawn with the current text colour (the admin and workspace sidebars, buttons). */
export function Icon({ d, size = 18 }: { d: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <IconPath d={d} />
    </svg>
  );
}

/** The path of a line icon, as Icon draws it (also a symbol of a page's sprite, ~/components/summary/icons). */
export function IconPath({ d }: { d: string }) {
  return <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />;
}
