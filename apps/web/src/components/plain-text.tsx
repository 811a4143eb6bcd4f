/** The text as typed: blank lines separate paragraphs, single line breaks are kept. */
export function PlainText({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
  return paragraphs.map((paragraph, index) => (
    <p key={index} className="whitespace-pre-line">
      {paragraph}
    </p>
  ));
}
