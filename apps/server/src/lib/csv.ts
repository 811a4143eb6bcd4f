/**
 * CSV for every spreadsheet (issue 29, point 7): the one writer of the product's CSV files.
 *
 * Comma-separated, CRLF line ends (RFC 4180). A spreadsheet may still read the file with another
 * separator: French settings read `;`, a paste reads tabs. So each field is written to be safe
 * whichever separator is used:
 * - a field that holds a comma, a semicolon, a quote, a tab, CR or LF is quoted (its quotes
 *   doubled), so a reader that honours quotes keeps it one cell with either separator;
 * - a field that starts with `=`, `+`, `-`, `@` (after any spaces), a tab or CR is defused with a
 *   leading apostrophe (OWASP's advice), and so is every place inside a field where a reader that
 *   splits on `,` `;` or tabs regardless of quotes would start a cell: a separator or line break
 *   followed by one of those characters (`Jean;=2+3;` is written `"Jean;'=2+3;"`).
 * The text differs from what was typed only by those apostrophes.
 */
type Cell = string | number | boolean | null;

const formulaStart = /^(\s*)([=+\-@\t\r])/;
const formulaInside = /([,;\t\r\n]\s*)([=+\-@])/g;
const needsQuotes = /[",;\t\r\n]/;

export function csvField(value: Cell): string {
  let text = value === null ? '' : String(value);
  text = text.replace(formulaInside, "$1'$2").replace(formulaStart, "'$1$2");
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: fields by commas, lines by CRLF, a line end after the last one. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
