import { Lexer } from 'marked';
import type { Token } from 'marked';

/**
 * A text's Markdown as `marked`'s tokens: GitHub's flavour, single line breaks kept (`breaks`,
 * as the plain-text renderer kept them). What markdown-render.tsx draws.
 *
 * Run in a worker (markdown-worker.ts), not on the page: `marked` builds its rules as it loads
 * and compiles them on first use, about 100 ms of a phone's main thread before the first
 * lesson's text could be drawn.
 */
export const lexMarkdown = (text: string): Token[] =>
  Lexer.lex(text.replace(/\r\n?/g, '\n'), { gfm: true, breaks: true });
