/**
 * Lesson text as plain text: blank lines separate paragraphs, single line breaks are kept.
 * React escapes it; database text is never inserted as HTML.
 */
export function TextContent({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="max-w-prose space-y-4 text-base leading-7 text-slate-800">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
