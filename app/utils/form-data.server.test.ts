import { z } from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { FORM_TOO_LARGE_MESSAGE, formShapeProblem, parseWithZod, readFormData } from './form-data.server';

const post = (body: string) =>
  new Request('http://web.test/portfolio', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

async function refusal(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('form shape limits', () => {
  it('refuses a list index bomb at once with a 400 that echoes nothing', async () => {
    const started = Date.now();
    const answer = await refusal(readFormData(post('teams[1000000].name=x&junk[10000000]=1')));
    expect(Date.now() - started).toBeLessThan(500);
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain(FORM_TOO_LARGE_MESSAGE);
    expect(text).not.toContain('teams');
    expect(text.length).toBeLessThan(200);
  });

  it('refuses too many fields and overlong names, and keeps ordinary forms', () => {
    expect(formShapeProblem(new URLSearchParams('a=1&'.repeat(2001)))).toMatch(/more than 2000 fields/);
    expect(formShapeProblem(new URLSearchParams(`${'n'.repeat(201)}=1`))).toMatch(/field name/);
    expect(formShapeProblem(new URLSearchParams('teams[99999999999999999999].name=x'))).toMatch(/index/);
    expect(formShapeProblem(new URLSearchParams('teams[0].name=a&teams[49].role=b&images=x&images=y'))).toBeNull();
  });

  it('checks forms parsed elsewhere (multipart) before conform builds them', async () => {
    const form = new FormData();
    form.append('teams[5000].name', 'x');
    const answer = await refusal(() => parseWithZod(form, { schema: z.object({ teams: z.array(z.object({ name: z.string() })) }) }));
    expect(answer.status).toBe(400);
    const ok = new FormData();
    ok.append('teams[1].name', 'x');
    expect(parseWithZod(ok, { schema: z.object({ teams: z.array(z.object({ name: z.string() }).optional()) }) }).status).toBe('success');
  });

  it('answers 400, not 500, for a body that is not a form', async () => {
    const broken = new Request('http://web.test/', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'nonsense' });
    expect((await refusal(readFormData(broken))).status).toBe(400);
  });
});
