import { PROJECT_TYPES } from '../../server/contract/vocabulary';

const GROUPS = [
  { label: 'Interior Design', prefix: 'interior-' },
  { label: 'Landscape', prefix: 'landscape-' },
  { label: 'Architecture', prefix: 'architecture-' },
];

/**
 * The options of a project type select (DESIGN.md section 7's one list), grouped by discipline,
 * after an empty "Select project type" choice. Used by the portfolio and the workspace forms.
 */
export function ProjectTypeOptions() {
  return (
    <>
      <option value="">Select project type</option>
      {GROUPS.map((g) => (
        <optgroup key={g.prefix} label={g.label}>
          {PROJECT_TYPES.filter((t) => t.value.startsWith(g.prefix)).map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
