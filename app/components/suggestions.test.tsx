import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { optionsHtml, Suggestions } from './suggestions';

const asReact = (id: string, options: string[]) =>
  renderToString(
    <datalist id={id}>
      {options.map((o) => (
        <option key={o} value={o} />
      ))}
    </datalist>,
  );

describe('Suggestions', () => {
  it('writes one option per value, in order, as React would', () => {
    const options = ['India', 'Åland Islands', 'Côte d’Ivoire'];
    expect(renderToString(<Suggestions id="countries" options={options} />)).toBe(asReact('countries', options));
  });

  it('escapes what the firm typed as React does, so a name cannot close the attribute or open a tag', () => {
    const hostile = [`A "quoted" & <b>bold</b> 'name'`, '"><script>alert(1)</script>'];
    const written = renderToString(<Suggestions id="clients" options={hostile} />);
    expect(written).toBe(asReact('clients', hostile));
    expect(written).not.toContain('<script>');
    expect(optionsHtml(hostile)).toContain('value="A &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt; &#x27;name&#x27;"');
  });

  it('writes nothing for no options', () => {
    expect(renderToString(<Suggestions id="none" options={[]} testId="x" />)).toBe('<datalist id="none" data-testid="x"></datalist>');
  });
});
