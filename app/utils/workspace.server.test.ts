import { redirect } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.server';
import { asErrorResponse } from './workspace.server';

describe('asErrorResponse', () => {
  it('turns an api failure into a response with its status, so the boundary can word it', async () => {
    for (const status of [403, 404, 503]) {
      const response = asErrorResponse(new ApiError(status, 'nope'));
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(status);
      expect(await (response as Response).json()).toEqual({ message: 'nope' });
    }
  });

  it('lets a guard’s redirect and any other error through unchanged', () => {
    const away = redirect('/explore');
    expect(asErrorResponse(away)).toBe(away);
    const bug = new TypeError('bug');
    expect(asErrorResponse(bug)).toBe(bug);
  });
});
