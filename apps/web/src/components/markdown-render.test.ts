import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lexMarkdown } from './markdown-lex';
import { markdownWords, MarkdownTokens, safeLink } from './markdown-render';

/** The HTML the renderer draws for a text (React elements, drawn to a string). */
const html = (text: string, headingLevel = 3) =>
  renderToStaticMarkup(createElement(MarkdownTokens, { tokens: lexMarkdown(text), headingLevel }));

const outside = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('Markdown of lessons, posts and announcements (issue 32, point 8)', () => {
  it('draws bold, italic, lists, paragraphs and kept line breaks', () => {
    expect(
      html('Water is **wet** and *clear*.\nIt flows.\n\n- one\n- two\n\n1. first\n2. second'),
    ).toBe(
      '<p>Water is <strong>wet</strong> and <em>clear</em>.<br/>It flows.</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>',
    );
    expect(html('3. three\n4. four\n   - nested')).toBe(
      '<ol start="3"><li>three</li><li>four<ul><li>nested</li></ul></li></ol>',
    );
    expect(html('`<b>` and ~~old~~\n\n```\nif (a < b) {}\n```\n\n> quoted\n\n---')).toBe(
      '<p><code>&lt;b&gt;</code> and <del>old</del></p><pre><code>if (a &lt; b) {}</code></pre>' +
        '<blockquote><p>quoted</p></blockquote><hr/>',
    );
  });

  it('links to http(s) open in a new tab without a hold on the page; mailto and paths stay', () => {
    expect(
      html('[Read](https://example.org/a?b=1) <https://example.org> https://auto.example'),
    ).toBe(
      `<p><a href="https://example.org/a?b=1" ${outside}>Read</a> ` +
        `<a href="https://example.org/" ${outside}>https://example.org</a> ` +
        `<a href="https://auto.example/" ${outside}>https://auto.example</a></p>`,
    );
    expect(html('[Write](mailto:help@example.org) [Course](/courses/abc)')).toBe(
      '<p><a href="mailto:help@example.org" rel="noopener noreferrer nofollow">Write</a> ' +
        '<a href="/courses/abc" rel="noopener noreferrer nofollow">Course</a></p>',
    );
    // A protocol-relative address leaves the site: it is an outside link.
    expect(html('[p](//evil.example/x)')).toBe(
      `<p><a href="https://evil.example/x" ${outside}>p</a></p>`,
    );
  });

  it('refuses javascript:, data: and other links: their words show without a link', () => {
    expect(html('[x](javascript:alert(1))')).toBe('<p>x</p>');
    expect(html('[x](JaVaScRiPt:alert(1))')).toBe('<p>x</p>');
    expect(html('[x](data:text/html;base64,PHNjcmlwdD4=)')).toBe('<p>x</p>');
    expect(html('[x](vbscript:msgbox(1))')).toBe('<p>x</p>');
    expect(html('![x](javascript:alert(1))')).toBe('<p>x</p>');
  });

  it('shows raw HTML as typed, never as elements', () => {
    expect(html('Hi <script>alert(1)</script> there')).toBe(
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; there</p>',
    );
    expect(html('<script>alert(1)</script>')).toBe(
      '<p class="whitespace-pre-wrap">&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(html('<img src=x onerror=alert(1)>')).toBe(
      '<p class="whitespace-pre-wrap">&lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(html('<a href="javascript:alert(1)">click</a>')).toBe(
      '<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;</p>',
    );
  });

  it('draws no picture: a link to it, named by its description', () => {
    expect(html('![A map of Rwanda](https://example.org/map.png)')).toBe(
      `<p><a href="https://example.org/map.png" ${outside}>A map of Rwanda</a></p>`,
    );
  });

  it('demotes headings under the page’s own', () => {
    expect(html('# Title\n## Sub\n###### deep')).toBe('<h3>Title</h3><h4>Sub</h4><h6>deep</h6>');
    expect(html('# Title', 2)).toBe('<h2>Title</h2>');
    expect(html('# Title', 1)).toBe('<h2>Title</h2>');
  });

  it('draws tables and task lists', () => {
    expect(html('| a | b |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '<div class="overflow-x-auto"><table><thead><tr><th style="text-align:left">a</th>' +
        '<th style="text-align:right">b</th></tr></thead><tbody><tr>' +
        '<td style="text-align:left">1</td><td style="text-align:right">2</td></tr></tbody></table></div>',
    );
    expect(html('- [ ] todo\n- [x] done')).toBe('<ul><li>☐ todo</li><li>☑ done</li></ul>');
  });
});

describe('safeLink', () => {
  it('keeps http(s), mailto and this site’s paths', () => {
    expect(safeLink('  HTTPS://Example.org/A  ')).toEqual({
      href: 'https://example.org/A',
      external: true,
    });
    expect(safeLink('mailto:a@example.org')).toEqual({
      href: 'mailto:a@example.org',
      external: false,
    });
    expect(safeLink('/learn/abc#x')).toEqual({ href: '/learn/abc#x', external: false });
  });

  it('refuses other schemes, control characters and backslash tricks', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink(' jAvAsCrIpT:alert(1)')).toBeNull();
    expect(safeLink('java\tscript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeLink('file:///etc/passwd')).toBeNull();
    expect(safeLink('')).toBeNull();
    expect(safeLink('/\\evil.example')).toEqual({ href: 'https://evil.example/', external: true });
  });
});

describe("a text's excerpt in the course manager", () => {
  const words = (text: string) => markdownWords(lexMarkdown(text));

  it('shows the words without the marks, a line per block', () => {
    expect(
      words(
        '## Water\n\nWater is **wet** and *clear*, see [the notes](https://example.org).\n\n' +
          '- one\n- [x] `two`\n\n> quoted\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      ),
    ).toBe('Water\nWater is wet and clear, see the notes.\none\ntwo\nquoted\na · b\n1 · 2');
  });

  it('keeps what is not a mark: escaped characters, code, a picture by its description; no task box', () => {
    expect(words('1 \\* 2 = 2\n\n```\nlet a = 1;\n```\n\n![A river](/r.png)')).toBe(
      '1 * 2 = 2\nlet a = 1;\nA river',
    );
    expect(words('- [ ] a\n\n- [x] b')).toBe('a\nb');
  });
});
