import { parse } from '@conform-to/dom';
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { checkForm, type FormChecks } from './field-checks';
import { FirmRegistrationBody } from './firm-registration';
import { REGISTER_FIRM_CHECKS } from './firm-registration-rules';
import { UpdateProfileBody } from './profile';
import { PROFILE_CHECKS } from './profile-rules';
import type { z } from 'zod/v4';

/** The browser's checks agree with the api's schema: the same messages for the same form (decision 155). */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The schema's errors of the fields the browser checks (the document and the place rule are checked elsewhere). */
function schemaErrors(schema: z.ZodType, checks: FormChecks, data: FormData) {
  const submission = parseWithZod(data, { schema });
  const errors = (submission.status === 'error' ? submission.error : {}) ?? {};
  const checked = (name: string) => name in checks.fields || Object.keys(checks.rows ?? {}).some((list) => name.startsWith(`${list}[`));
  return Object.fromEntries(Object.entries(errors).filter(([name, messages]) => checked(name) && messages?.length));
}

const browserErrors = (checks: FormChecks, data: FormData) => checkForm(checks, parse(data, { resolve: (value) => ({ value }) }).payload);

const GOOD_FIRM = {
  firmName: 'Studio North',
  firmType: 'architect',
  businessEmail: 'hello@studio.example',
  contactNo: '98200 12345',
  website: 'studio.example',
  address: '1 Main Road',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  documentURL: 'private:document/0123456789abcdef01234567',
};

const GOOD_PROFILE = {
  firmName: 'Studio North',
  firmType: 'architect',
  country: 'India',
  contactNo: '(982) 001-2345',
  businessEmail: '',
  website: 'https://studio.example/about',
  userDetails: 'We design houses.',
  'teams[0].name': 'Asha',
  'teams[0].role': 'Lead',
};

/** Values worth comparing: empty, blank, too long, malformed, and good ones. */
const VARIANTS: Record<string, string[]> = {
  firmName: ['', '   ', 'x'.repeat(121), 'x'.repeat(201), 'Studio'],
  firmType: ['', ' ', 'plumber', ' architect', 'interior_designer'],
  businessEmail: ['', ' ', 'a@b', 'a..b@c.io', 'name@example.com', `${'a'.repeat(250)}@example.com`, ' Name@Example.COM '],
  contactNo: ['', ' ', '12345', '98200-12345', '(982) 001 2345', '98200123456', 'abcdefghij'],
  website: ['', 'studio', 'studio.example', 'http://studio.example:8080/x?y#z', 'ftp://x.y', `x.${'a'.repeat(300)}.io`, 'bad site.com'],
  address: ['', ' ', 'x'.repeat(501), 'Road'],
  country: ['', 'x'.repeat(101), 'India'],
  state: ['', 'x'.repeat(101), 'Goa'],
  city: ['', 'x'.repeat(101), 'Pune'],
  password: ['', '12345', '123456', 'x'.repeat(129)],
  userDetails: ['', ' ', 'x'.repeat(5001), 'Fine'],
  'teams[0].name': ['', ' ', 'x'.repeat(121), 'Asha'],
  'teams[0].role': ['', 'x'.repeat(121), 'Lead'],
};

function expectAgreement(schema: z.ZodType, checks: FormChecks, good: Record<string, string>, fields: string[]) {
  expect(browserErrors(checks, form(good)), 'a good form').toEqual({});
  expect(schemaErrors(schema, checks, form(good)), 'a good form (api)').toEqual({});
  for (const field of fields) {
    for (const value of VARIANTS[field]!) {
      const data = form({ ...good, [field]: value });
      expect(browserErrors(checks, data), `${field} = ${JSON.stringify(value.slice(0, 40))}`).toEqual(schemaErrors(schema, checks, data));
    }
  }
  // Everything empty at once: every message of the submit together.
  const empty = form(Object.fromEntries(Object.keys(good).map((name) => [name, ''])));
  expect(browserErrors(checks, empty)).toEqual(schemaErrors(schema, checks, empty));
}

describe('the browser checks say what the api says', () => {
  it('for the register-firm form', () => {
    const fields = ['firmName', 'firmType', 'businessEmail', 'contactNo', 'website', 'address', 'country', 'state', 'city', 'password'];
    expectAgreement(FirmRegistrationBody, REGISTER_FIRM_CHECKS, GOOD_FIRM, fields);
  });

  it('for the profile form, its team rows included', () => {
    const fields = ['firmName', 'firmType', 'businessEmail', 'contactNo', 'website', 'country', 'state', 'city', 'userDetails', 'teams[0].name', 'teams[0].role'];
    expectAgreement(UpdateProfileBody, PROFILE_CHECKS, GOOD_PROFILE, fields);
  });

  it('lists a message for every field of an empty registration', () => {
    expect(Object.keys(checkForm(REGISTER_FIRM_CHECKS, {})).sort()).toEqual(['address', 'businessEmail', 'contactNo', 'country', 'firmName', 'firmType']);
  });
});
