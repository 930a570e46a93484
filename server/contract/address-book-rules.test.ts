import { describe, expect, it } from 'vitest';
import { contactDetailsText, contactNamed } from './address-book-rules';

const meera = { name: 'Meera Iyer', company: 'Smile Dental', email: 'meera@example.test', phone: '+91 98200 12345', address: '4 Hill Road, Bandra', state: 'Maharashtra', gstin: '27AAPFU0939F1ZV', isClient: true };

/** A project's client details from its Address Book contact (decision 384). */
describe("a contact's particulars as a project's client details", () => {
  it('company, phone, email, address with its state and GSTIN, a line each; what is unknown left out', () => {
    expect(contactDetailsText(meera)).toBe('Smile Dental\nPhone +91 98200 12345\nEmail meera@example.test\n4 Hill Road, Bandra, Maharashtra\nGSTIN 27AAPFU0939F1ZV');
    expect(contactDetailsText({ ...meera, company: '', phone: '', gstin: '', state: '' })).toBe('Email meera@example.test\n4 Hill Road, Bandra');
    expect(contactDetailsText({ ...meera, address: 'x'.repeat(3000) }, 2000)).toHaveLength(2000);
  });

  it('the contact of a name: letter case and spaces aside, a client before another of the same name', () => {
    const supplier = { ...meera, company: 'Iyer Tiles', isClient: false };
    expect(contactNamed([supplier, meera], ' meera iyer ')).toBe(meera);
    expect(contactNamed([supplier], 'Meera Iyer')).toBe(supplier);
    expect(contactNamed([meera], 'Meera')).toBeUndefined();
    expect(contactNamed([meera], '  ')).toBeUndefined();
  });
});
