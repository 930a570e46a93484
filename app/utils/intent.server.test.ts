import { describe, expect, it } from 'vitest';
import { dispatchIntent } from './intent.server';
import { invariantResponse } from './invariant.server';

const form = (intent?: string) => {
  const data = new FormData();
  if (intent !== undefined) data.set('intent', intent);
  return data;
};

async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('dispatchIntent', () => {
  it('runs the handler of the form’s intent', async () => {
    expect(await dispatchIntent(form('rename'), { rename: () => 'renamed', remove: () => 'removed' })).toBe('renamed');
  });

  it.each([undefined, '', 'drop', 'toString', '__proto__'])('answers 400 for the intent %j', async (intent) => {
    const res = await thrownResponse(() => dispatchIntent(form(intent), { rename: () => 'renamed' }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^Unknown action/);
  });
});

describe('invariantResponse', () => {
  it('passes a true condition and throws the status with the message otherwise', async () => {
    expect(() => invariantResponse(1, 'never')).not.toThrow();
    const res = await thrownResponse(() => invariantResponse(null, 'Project not found', 404));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Project not found' });
  });
});
