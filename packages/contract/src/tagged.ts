/**
 * A sentence with marked parts, such as "<register>Register for free</register> or
 * <login>log in</login>.": the whole sentence is one message, so that each language orders its
 * words as it needs, and the code puts a link (or hidden text) on each marked part.
 */
export type Piece = string | { tag: string; text: string };

const marked = /<([a-z]\w*)>([\s\S]*?)<\/\1>/g;

/** The sentence as its pieces, in order: plain text, and each marked part with its tag. */
export function piecesOf(sentence: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of sentence.matchAll(marked)) {
    if (match.index > last) pieces.push(sentence.slice(last, match.index));
    pieces.push({ tag: match[1]!, text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < sentence.length) pieces.push(sentence.slice(last));
  return pieces;
}
