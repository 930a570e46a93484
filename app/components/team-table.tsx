/** Team rows grouped by role: one line per role with the names that hold it, in first-seen order. */
export function groupByRole(teams: ReadonlyArray<{ name: string; role: string }>): Array<{ role: string; names: string[] }> {
  const groups = new Map<string, string[]>();
  for (const t of teams) {
    const role = t.role.trim() || 'Team';
    groups.set(role, [...(groups.get(role) ?? []), t.name]);
  }
  return [...groups].map(([role, names]) => ({ role, names }));
}

export function TeamTable({ teams, caption }: { teams: ReadonlyArray<{ name: string; role: string }>; caption?: string }) {
  const groups = groupByRole(teams);
  if (groups.length === 0) return <p className="muted">No team members listed.</p>;
  return (
    <table className="team-table">
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Name</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.role}>
            <th scope="row">{g.role}</th>
            <td>{g.names.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
