import { describe, expect, it } from 'vitest';
import { citeDecisions } from './cite-decisions.mjs';

// The tracker's word is assembled, so this file's own source cites no issue number.
const I = 'iss' + 'ue';

describe('cite-decisions (docs/decisions/362)', () => {
  it('keeps the decision of a citation and drops the issue', () => {
    expect(citeDecisions(` * The form token (${I} 27 item 4, docs/decisions/240) is asked`)).toBe(' * The form token (docs/decisions/240) is asked');
    expect(citeDecisions(` * Moves (${I} 31, decisions 251 and 299): a`)).toBe(' * Moves (decisions 251 and 299): a');
    expect(citeDecisions(` * Sub admins (${I} 13 item 4; docs/decisions/127): the`)).toBe(' * Sub admins (docs/decisions/127): the');
  });

  it('drops a parenthesis that held only issues, and keeps what else it held', () => {
    expect(citeDecisions(`  // Hidden by the super-admin (${I} 31).`)).toBe('  // Hidden by the super-admin.');
    expect(citeDecisions(` * Projects and members (${I} 10, screens 1, 2 and 6): the grid`)).toBe(' * Projects and members (screens 1, 2 and 6): the grid');
    expect(citeDecisions(` * The demo schedules (${I} 10, item 8): two`)).toBe(' * The demo schedules: two');
  });

  it('keeps the reason given after the issue', () => {
    expect(citeDecisions(` * stays light (${I} 31: a room of 200 items).`)).toBe(' * stays light (a room of 200 items).');
    expect(citeDecisions(` * ${I} 30 item 1: every table access`)).toBe(' * Every table access');
    expect(citeDecisions(` * body stream for each call): ${I} 14, docs/decisions/179.`)).toBe(' * body stream for each call): docs/decisions/179.');
  });

  it('opens a parenthesis on the next line when the issue ended the line', () => {
    expect(citeDecisions(` * as printed (${I} 28 items 4 and 5,\n * docs/decisions/281): both`)).toBe(' * as printed\n * (docs/decisions/281): both');
    expect(citeDecisions(` * carry it (${I} 28\n * item 8, docs/decisions/287), apart`)).toBe(' * carry it\n * (docs/decisions/287), apart');
  });

  it('leaves text without an issue alone', () => {
    const text = ' * Decision 070: scopes (see docs/decisions/070).\n';
    expect(citeDecisions(text)).toBe(text);
  });
});
