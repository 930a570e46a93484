import { useId } from 'react';

/**
 * Long text clamped to a few lines with a Read More / Read Less toggle. The toggle is a checkbox
 * and its label, styled by CSS, so it works the same with and without JavaScript.
 */
export function ReadMore({ text, lines = 4, threshold = 220 }: { text: string; lines?: number; threshold?: number }) {
  const id = useId();
  if (text.length <= threshold) return <p className="read-more-text">{text}</p>;
  return (
    <div className="read-more" style={{ ['--lines' as string]: lines }}>
      <input type="checkbox" id={id} className="read-more-toggle" />
      <p className="read-more-text">{text}</p>
      <label htmlFor={id} className="read-more-label">
        <span className="when-closed">Read More</span>
        <span className="when-open">Read Less</span>
      </label>
    </div>
  );
}
