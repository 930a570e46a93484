import { describe, expect, it } from 'vitest';
import { fillPath, pathParamNames } from './operation';

describe('a declared path', () => {
  it('names its parameters in order, a trailing * (the rest of the path) as *', () => {
    expect(pathParamNames('/leads/:id/messages/:messageId')).toEqual(['id', 'messageId']);
    expect(pathParamNames('/previews/*')).toEqual(['*']);
    expect(pathParamNames('/sitemaps/index.xml')).toEqual([]);
  });

  it('is filled with each value encoded, the rest of the path keeping its slashes', () => {
    expect(fillPath('/contacts/:id', { id: 'a b/c' })).toBe('/contacts/a%20b%2Fc');
    expect(fillPath('/previews/*', { '*': 'projects/abc/def 1_1600x1000.jpg' })).toBe('/previews/projects/abc/def%201_1600x1000.jpg');
    expect(() => fillPath('/previews/*', {})).toThrow('no value for *');
  });
});
