import { lexMarkdown } from './markdown-lex';

/** A request: a text to read; the answer carries its id and the tokens, or null on failure. */
interface Request {
  id: number;
  text: string;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = ({ data: { id, text } }) => {
  let tokens = null;
  try {
    tokens = lexMarkdown(text);
  } catch {
    // The page reads it itself (markdown-tokens.ts).
  }
  scope.postMessage({ id, tokens });
};
