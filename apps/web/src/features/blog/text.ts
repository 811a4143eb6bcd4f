import { BLOG_EXCERPT_LENGTH } from '@ishuri/contract';
import { truncateText } from '../../lib/text';

/** The first 200 characters of a post (product.md §9), with an ellipsis when it is longer. */
export const excerpt = (content: string) => truncateText(content, BLOG_EXCERPT_LENGTH);

/** A post's paragraphs: blocks separated by blank lines; single line breaks stay inside one. */
export function paragraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
}
