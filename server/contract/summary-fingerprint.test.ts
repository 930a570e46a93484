import { describe, expect, it } from 'vitest';
import { fieldsInSaveAll, itemFingerprint } from './summary-fingerprint';
import { bpToInput, parsePercent } from './summary-rules';
import { paiseToDecimal, parseRupees } from './money-text';
import { formatQuantity, parseQuantity } from './quantity';

const product = { type: 'product' as const, title: 'Armchair', description: 'Teak\nand cane', title1: '', description1: '', retailPrice: 1_234_550, tradePrice: 99_999_999, discountBp: 1250, quantityMilli: 3500, unit: 'MTR' };

describe('itemFingerprint', () => {
  it('reads the same for the stored item and for its fields as a browser sends them back', () => {
    const drawn = itemFingerprint(fieldsInSaveAll(product, { texts: true, figures: true }));
    const sent = {
      title: 'Armchair',
      description: 'Teak\r\nand cane',
      retailPrice: parseRupees(paiseToDecimal(product.retailPrice))!,
      tradePrice: parseRupees(paiseToDecimal(product.tradePrice))!,
      discountBp: parsePercent(bpToInput(product.discountBp))!,
      // The quantity as the editor draws it and reads it back (thousandths; decision 403), and the unit chosen.
      quantity: parseQuantity(formatQuantity(product.quantityMilli))!,
      unit: 'MTR',
    };
    expect(itemFingerprint(sent)).toBe(drawn);
    // The order the fields come in does not matter.
    expect(itemFingerprint(Object.fromEntries(Object.entries(sent).reverse()))).toBe(drawn);
  });

  it('changes with any one value, and with which fields are carried', () => {
    const values = fieldsInSaveAll(product, { texts: true, figures: true });
    const drawn = itemFingerprint(values);
    const changed = [{ title: 'Armchair!' }, { description: 'Teak and cane' }, { retailPrice: 1_234_551 }, { tradePrice: 0 }, { discountBp: 1200 }, { quantity: 4000 }, { unit: 'NOS' }];
    for (const change of changed) expect(itemFingerprint({ ...values, ...change }), JSON.stringify(change)).not.toBe(drawn);
    expect(itemFingerprint(fieldsInSaveAll(product, { texts: true, figures: false }))).not.toBe(drawn);
    expect(fieldsInSaveAll(product, { texts: false, figures: true })).toEqual({ retailPrice: 1_234_550, tradePrice: 99_999_999, discountBp: 1250, quantity: 3500, unit: 'MTR' });
    // A description item carries only its description.
    expect(Object.keys(fieldsInSaveAll({ ...product, type: 'description' }, { texts: true, figures: false }))).toEqual(['description']);
  });

  it('takes what a browser does to a text for no change: line ends, a title’s line breaks, spaces around it', () => {
    expect(itemFingerprint({ description: '  Teak\r\nand cane \n' })).toBe(itemFingerprint({ description: 'Teak\nand cane' }));
    expect(itemFingerprint({ title: 'Arm\nchair' })).toBe(itemFingerprint({ title: 'Armchair' }));
    expect(itemFingerprint({ description: 'Teak\nand cane' })).not.toBe(itemFingerprint({ description: 'Teakand cane' }));
  });
});
