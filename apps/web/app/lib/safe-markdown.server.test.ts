import { describe, expect, it } from 'vitest';
import { renderSafeMarkdown } from './safe-markdown.server';

describe('renderSafeMarkdown', () => {
  it('renders headings, emphasis, lists and web links, opening links in a new tab without the opener', () => {
    const html = renderSafeMarkdown('## Plan\n\n- **new** stove\n- see [the quote](https://example.com/q?a=1&b=2)');
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<strong>new</strong>');
    expect(html).toContain('<li>');
    expect(html).toContain(
      '<a href="https://example.com/q?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">the quote</a>',
    );
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderSafeMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('links only http, https and mailto addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      '/relative',
    ]) {
      const html = renderSafeMarkdown(`[click](${bad})`);
      expect(html, bad).not.toContain('<a');
    }
    expect(renderSafeMarkdown('[write](mailto:owners@example.com)')).toContain('href="mailto:owners@example.com"');
    expect(renderSafeMarkdown('See https://example.com/x today')).toContain('href="https://example.com/x"');
  });

  it('renders no images and no inline styles', () => {
    expect(renderSafeMarkdown('![a](https://example.com/a.png)')).not.toContain('<img');
    const table = renderSafeMarkdown('| a | b |\n|:-:|--:|\n| 1 | 2 |');
    expect(table).toContain('<table>');
    expect(table).not.toContain('style=');
  });
});
