/**
 * The first `length` characters of a text for a card or a table cell: whole characters only (an
 * emoji is not cut in half), line breaks read as spaces, an ellipsis when something was cut.
 */
export function truncateText(text: string, length: number): string {
  const characters = Array.from(text);
  const head = characters.slice(0, length).join('').replace(/\s+/g, ' ').trim();
  return characters.length > length ? `${head}…` : head;
}
