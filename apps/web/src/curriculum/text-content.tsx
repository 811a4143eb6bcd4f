import { Markdown } from '../components/markdown';

/**
 * Lesson text, and the text of discussion posts and announcements, drawn as Markdown (bold,
 * italic, lists, links; components/markdown-render.tsx). The text is never inserted as HTML.
 * `headingLevel` is the level its `#` headings take: one below the heading the text sits under
 * (a lesson's text is under the lesson's h2, so 3 by default).
 */
export function TextContent({ text, headingLevel = 3 }: { text: string; headingLevel?: number }) {
  return <Markdown text={text} headingLevel={headingLevel} />;
}
