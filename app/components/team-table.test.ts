import { describe, expect, it } from 'vitest';
import { groupByRole } from './team-table';

describe('groupByRole (the project page’s team table, spec: "a team table grouped by role")', () => {
  it('gives one row per role with the names that hold it, roles in first-seen order', () => {
    const teams = [
      { name: 'Ines', role: 'Architect' },
      { name: 'Ravi', role: 'Engineer' },
      { name: 'Mira', role: 'Architect' },
      { name: 'Joe', role: 'Engineer' },
    ];
    expect(groupByRole(teams)).toEqual([
      { role: 'Architect', names: ['Ines', 'Mira'] },
      { role: 'Engineer', names: ['Ravi', 'Joe'] },
    ]);
  });

  it('puts members without a role under "Team", and gives nothing for no members', () => {
    expect(groupByRole([{ name: 'Ana', role: '  ' }])).toEqual([{ role: 'Team', names: ['Ana'] }]);
    expect(groupByRole([])).toEqual([]);
  });
});
