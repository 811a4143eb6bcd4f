import type { Token, Tokens } from 'marked';
import { use } from 'react';
import type { ReactNode } from 'react';
import { tokensOf } from './markdown-tokens';
import { PlainText } from './plain-text';
import './markdown.css';

export { prepareReader } from './markdown-tokens';

/**
 * Markdown as React elements (issue 32, point 8): `marked` parses the text into tokens (in a
 * worker: markdown-tokens.ts), and each token is drawn here as an element, so the text never
 * reaches the page as HTML. This module is loaded only where Markdown is drawn (markdown.tsx
 * imports it lazily).
 *
 * - Raw HTML in the text (`<script>`, `<img onerror>`) is shown as typed, as text.
 * - Links go only to http(s) and mailto addresses, or to a path of this site; any other
 *   (`javascript:`, `data:`, `vbscript:`) is refused and its words are shown without a link.
 *   Outside links open in a new tab, and none gives the opened page a hold on this one or lends
 *   it the platform's reputation: rel="noopener noreferrer nofollow".
 * - Pictures are not loaded: `![a map](https://…/map.png)` is a link to the picture with its
 *   description, so a lesson costs no more data than its text on a slow or paid network; the
 *   learner opens the picture when they choose to.
 * - Headings start at `headingLevel` (`#` is that level, `##` the next), so a text's headings
 *   sit under the page's own h1 and h2.
 * - Single line breaks are kept (`breaks`), as the plain-text renderer kept them before.
 * - Character references (`&amp;`) are shown as typed: the text is never decoded as HTML.
 */

/** The made-up address relative links are read against, to tell this site's paths apart. */
const HERE = 'https://ishuri.invalid';

/** A link's address, if it may be followed: where to, and whether it leaves the site. */
export function safeLink(href: string): { href: string; external: boolean } | null {
  const typed = href.trim();
  // Control characters are refused rather than dropped, as browsers do ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  if (typed === '' || /[\u0000-\u001f\u007f]/.test(typed)) return null;
  let url: URL;
  try {
    url = new URL(typed, `${HERE}/`);
  } catch {
    return null;
  }
  if (url.origin === HERE)
    return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return { href: url.href, external: true };
  if (url.protocol === 'mailto:') return { href: url.href, external: false };
  return null;
}

function LinkTo({
  href,
  title,
  children,
}: {
  href: string;
  title?: string | null;
  children: ReactNode;
}) {
  const link = safeLink(href);
  if (!link) return <>{children}</>;
  return (
    <a
      href={link.href}
      title={title ?? undefined}
      rel="noopener noreferrer nofollow"
      target={link.external ? '_blank' : undefined}
    >
      {children}
    </a>
  );
}

function inline(tokens: Token[] | undefined): ReactNode {
  return tokens?.map((token, index) => <Inline key={index} token={token} />);
}

function Inline({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? inline(token.tokens) : token.text;
    case 'escape':
      return token.text;
    case 'strong':
      return <strong>{inline(token.tokens)}</strong>;
    case 'em':
      return <em>{inline(token.tokens)}</em>;
    case 'del':
      return <del>{inline(token.tokens)}</del>;
    case 'codespan':
      return <code>{token.text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const link = token as Tokens.Link;
      return (
        <LinkTo href={link.href} title={link.title}>
          {inline(link.tokens)}
        </LinkTo>
      );
    }
    case 'image': {
      // Not drawn as a picture (see above): a link to it, named by its description.
      const image = token as Tokens.Image;
      return (
        <LinkTo href={image.href} title={image.title}>
          {image.text.trim() || image.href}
        </LinkTo>
      );
    }
    case 'checkbox':
      return (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ';
    default:
      // Inline HTML and anything unknown: the source as typed, as text.
      return token.raw;
  }
}

function blocks(tokens: Token[] | undefined, level: number): ReactNode {
  return tokens?.map((token, index) => <Block key={index} token={token} level={level} />);
}

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function Block({ token, level }: { token: Token; level: number }): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p>{inline(token.tokens)}</p>;
    case 'text':
      // A tight list item's words.
      return token.tokens ? inline(token.tokens) : token.text;
    case 'heading': {
      const Tag = `h${Math.min(6, level + (token as Tokens.Heading).depth - 1)}` as HeadingTag;
      return <Tag>{inline(token.tokens)}</Tag>;
    }
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index}>
          {item.tokens.map((child, at) => (
            <ListPart key={at} token={child} level={level} />
          ))}
        </li>
      ));
      return list.ordered ? (
        <ol start={list.start !== '' && list.start !== 1 ? list.start : undefined}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      );
    }
    case 'blockquote':
      return <blockquote>{blocks(token.tokens, level)}</blockquote>;
    case 'code':
      return (
        <pre>
          <code>{token.text}</code>
        </pre>
      );
    case 'hr':
      return <hr />;
    case 'table': {
      const table = token as Tokens.Table;
      const align = (index: number) => table.align[index] ?? undefined;
      return (
        <div className="overflow-x-auto">
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} style={align(index) ? { textAlign: align(index) } : undefined}>
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, at) => (
                <tr key={at}>
                  {row.map((cell, index) => (
                    <td key={index} style={align(index) ? { textAlign: align(index) } : undefined}>
                      {inline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    default:
      // Block HTML and anything unknown: the source as typed, as text, its lines kept.
      return <p className="whitespace-pre-wrap">{token.raw.replace(/\n+$/, '')}</p>;
  }
}

/** A list item's part: its words inline, nested lists and paragraphs as blocks. */
function ListPart({ token, level }: { token: Token; level: number }): ReactNode {
  return token.type === 'checkbox' ? (
    <Inline token={token} />
  ) : (
    <Block token={token} level={level} />
  );
}

/** Markdown's tokens as elements; the text's headings start at `headingLevel` (2 to 6). */
export function MarkdownTokens({
  tokens,
  headingLevel,
}: {
  tokens: Token[];
  headingLevel: number;
}) {
  return <>{blocks(tokens, Math.max(2, Math.min(6, headingLevel)))}</>;
}

/**
 * The text's Markdown as elements, once its tokens are read (it suspends until then); the text
 * as typed where it could not be read (neither the worker nor the reader's own file came).
 */
export function MarkdownBody({ text, headingLevel }: { text: string; headingLevel: number }) {
  const tokens = use(tokensOf(text));
  if (!tokens) return <PlainText text={text} />;
  return <MarkdownTokens tokens={tokens} headingLevel={headingLevel} />;
}

/** The words of inline tokens, without their marks; a link keeps its words, not its address. */
function inlineWords(tokens: Token[] | undefined): string {
  return (tokens ?? []).map(inlineWord).join('');
}

function inlineWord(token: Token): string {
  switch (token.type) {
    case 'text':
      return token.tokens ? inlineWords(token.tokens) : token.text;
    case 'strong':
    case 'em':
    case 'del':
    case 'link':
      return inlineWords(token.tokens);
    case 'escape':
    case 'codespan':
      return token.text;
    case 'image':
      return (token as Tokens.Image).text;
    case 'br':
      return '\n';
    case 'checkbox':
      return '';
    default:
      return token.raw;
  }
}

/** A block's words: one line per paragraph, heading, list item or table row. */
function blockWords(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'hr':
      return '';
    case 'paragraph':
    case 'heading':
      return inlineWords(token.tokens);
    case 'text':
      return token.tokens ? inlineWords(token.tokens) : token.text;
    case 'list':
      // A task's box is left out (in a tight list it is the item's first token, in a loose one
      // its paragraph's): its words stay on their line.
      return (token as Tokens.List).items
        .map((item) => markdownWords(item.tokens.filter(({ type }) => type !== 'checkbox')))
        .join('\n');
    case 'blockquote':
      return markdownWords(token.tokens ?? []);
    case 'code':
      return token.text;
    case 'table': {
      const table = token as Tokens.Table;
      return [table.header, ...table.rows]
        .map((row) => row.map((cell) => inlineWords(cell.tokens)).join(' · '))
        .join('\n');
    }
    default:
      return token.raw.replace(/\n+$/, '');
  }
}

/**
 * A text's words without its Markdown marks (`## `, `**`, `- `, link addresses), a line per
 * block: what a short excerpt of a text shows.
 */
export function markdownWords(tokens: Token[]): string {
  return tokens
    .map(blockWords)
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The text's words without its marks once its tokens are read; as typed where they cannot be. */
export function MarkdownExcerpt({ text }: { text: string }) {
  const tokens = use(tokensOf(text));
  return tokens ? markdownWords(tokens) : text;
}
