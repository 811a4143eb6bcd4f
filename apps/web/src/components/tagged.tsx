import { piecesOf } from '@ishuri/contract';
import { Fragment } from 'react';
import type { ReactNode } from 'react';

/**
 * One sentence of the catalogue with marked parts ("<login>log in</login>"), each drawn by its
 * function (a link, hidden text): the words around them stay in the order the language wrote.
 * A mark without a function shows as its text.
 */
export function Tagged({
  sentence,
  parts,
}: {
  sentence: string;
  parts: Record<string, (text: string) => ReactNode>;
}) {
  return (
    <>
      {piecesOf(sentence).map((piece, index) => (
        <Fragment key={index}>
          {typeof piece === 'string' ? piece : (parts[piece.tag]?.(piece.text) ?? piece.text)}
        </Fragment>
      ))}
    </>
  );
}
