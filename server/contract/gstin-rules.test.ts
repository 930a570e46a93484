import { describe, expect, it } from 'vitest';
import { stateNames } from './places.js';
import { GST_STATE_CODES, GSTIN_MESSAGES, gstinCheckCharacter, gstinProblem, panOfGstin, panProblem } from './gstin-rules.js';

describe('gstinProblem', () => {
  it.each([
    // The GST network's own example, and published registrations.
    ['27AAPFU0939F1ZV', null],
    ['27AAACR5055K1Z7', null],
    ['24AAACC1206D1ZM', null],
    // Typed with spaces and in lower case: the same number.
    ['27 aapfu 0939 f1zv', null],
    // The same numbers with a wrong last character: one typing mistake.
    ['27AAPFU0939F1ZW', GSTIN_MESSAGES.checkDigit],
    ['27AAACR5055K1Z8', GSTIN_MESSAGES.checkDigit],
    // Two neighbouring characters swapped: caught by the check character.
    ['27AAPFU0939F1VZ', GSTIN_MESSAGES.format],
    ['27AAPFU9039F1ZV', GSTIN_MESSAGES.checkDigit],
    ['27AAPFU0939F1Z', GSTIN_MESSAGES.length],
    ['27AAPFU0939F0ZV', GSTIN_MESSAGES.format], // entity number 0
    ['27AAPXU0939F1ZV', GSTIN_MESSAGES.format], // X is no PAN holder kind
    ['45AAPFU0939F1ZV', GSTIN_MESSAGES.stateCode],
  ])('%s → %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it('checks the state code against a state when one is given', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(GSTIN_MESSAGES.wrongState('Karnataka'));
    const karnataka = `29AAPFU0939F1Z`;
    expect(gstinProblem(karnataka + gstinCheckCharacter(karnataka), 'Karnataka')).toBeNull();
  });

  it('has a GST code for every Indian state and territory of the places data', () => {
    expect(stateNames('India').filter((s) => !GST_STATE_CODES[s])).toEqual([]);
  });

  it('takes the PAN out of a GSTIN', () => {
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });
});

describe('panProblem', () => {
  it.each([
    ['AAPFU0939F', null],
    ['aapfu0939f', null],
    ['AAPXU0939F', GSTIN_MESSAGES.panFormat],
    ['AAPFU093F', GSTIN_MESSAGES.panFormat],
    ['1APFU0939F', GSTIN_MESSAGES.panFormat],
  ])('%s → %s', (pan, problem) => {
    expect(panProblem(pan)).toBe(problem);
  });
});
