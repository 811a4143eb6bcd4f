import { LRUCache } from 'lru-cache';
import type { Token } from 'marked';

/**
 * The tokens of a text's Markdown, read in a worker (markdown-worker.ts) so that loading
 * `marked` and reading with it never hold the page's main thread. Where no worker can run or
 * it fails (its file missing after a new version, say), the page reads the text itself; null
 * where that fails too (offline, the reader's file not kept): the text is then shown as typed.
 *
 * One promise per text, kept for the last texts asked (a component drawn again gets the very
 * promise it read, which React's `use` needs): at most 100, the least recently asked forgotten.
 */
const kept = new LRUCache<string, Promise<Token[] | null>>({ max: 100 });

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (tokens: Token[] | null) => void>();

function lexer(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./markdown-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<{ id: number; tokens: Token[] | null }>) => {
      waiting.get(data.id)?.(data.tokens);
      waiting.delete(data.id);
    };
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      for (const answer of waiting.values()) answer(null);
      waiting.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

async function onThePage(text: string): Promise<Token[] | null> {
  try {
    const { lexMarkdown } = await import('./markdown-lex');
    return lexMarkdown(text);
  } catch {
    return null;
  }
}

function read(text: string): Promise<Token[] | null> {
  const reader = typeof Worker === 'undefined' ? null : lexer();
  if (!reader) return onThePage(text);
  const id = (nextId += 1);
  return new Promise<Token[] | null>((resolve) => {
    waiting.set(id, resolve);
    reader.postMessage({ id, text });
  }).then((tokens) => tokens ?? onThePage(text));
}

/**
 * Starts the worker (and its `marked`) ahead of the first text, where a page knows one is coming:
 * its file and its start then overlap the page's own reads instead of following them.
 */
export function prepareReader(): void {
  if (typeof Worker !== 'undefined') lexer();
}

export function tokensOf(text: string): Promise<Token[] | null> {
  let tokens = kept.get(text);
  if (!tokens) {
    tokens = read(text);
    kept.set(text, tokens);
  }
  return tokens;
}
