import { describe, expect, it } from 'vitest';
import { workspaceFirm } from './shell';

const base = { userName: 'Neha Rao', profileImage: '/u/neha.jpg', firmName: null };

describe('workspaceFirm', () => {
  it("shows an employee its firm's name and image, not its own", () => {
    const firm = workspaceFirm({ ...base, role: 'employee', isSubAdmin: false, employer: { name: 'Studio Arc', profileImage: '/u/arc.jpg' } });
    expect(firm).toMatchObject({ name: 'Studio Arc', image: '/u/arc.jpg', manages: false });
  });

  it('lets a sub-admin manage; a firm account is its own firm and manages', () => {
    expect(workspaceFirm({ ...base, role: 'employee', isSubAdmin: true, employer: { name: 'Studio Arc', profileImage: null } }).manages).toBe(true);
    expect(workspaceFirm({ ...base, firmName: 'Studio Arc', role: 'architect' })).toMatchObject({ name: 'Studio Arc', image: '/u/neha.jpg', manages: true });
  });

  it("falls back to the employee's own name for an old snapshot without the firm", () => {
    expect(workspaceFirm({ ...base, role: 'employee' })).toMatchObject({ name: 'Neha Rao', manages: false });
  });
});
