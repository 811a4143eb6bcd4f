import { messages } from '@ishuri/contract';
import { Eye, Pencil } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { ComponentProps, Ref } from 'react';
import { Button } from './button';
import { Markdown } from './markdown';
import { TextAreaField } from './textarea-field';

type MarkdownFieldProps = ComponentProps<typeof TextAreaField> & {
  /** The level the text's `#` headings take where it is shown (see `Markdown`). */
  headingLevel?: number;
};

/**
 * A text field whose text is drawn as Markdown (lessons, posts, announcements): the one-line
 * hint of what may be used, and Preview, which shows the text as readers will see it, and
 * Write, back to the field. Works controlled (`value`) and with react-hook-form's `register`.
 * The field stays in the form while the preview shows (hidden), so nothing typed is lost; a
 * validation error brings the field back, to be corrected.
 */
export function MarkdownField({ headingLevel = 3, ref, error, ...field }: MarkdownFieldProps) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      textarea.current = node;
      assignRef(ref, node);
    },
    [ref],
  );
  // The text shown in the preview, read from the field when Preview is pressed; null: writing.
  const [preview, setPreview] = useState<string | null>(null);
  // Back to writing when an error is to be corrected, or when the text was sent (emptied).
  const [seen, setSeen] = useState({ error, value: field.value });
  if (error !== seen.error || field.value !== seen.value) {
    setSeen({ error, value: field.value });
    if (error || (field.value === '' && seen.value !== '')) setPreview(null);
  }
  const previewing = preview !== null;
  const shown = typeof field.value === 'string' ? field.value : (preview ?? '');
  return (
    <div className="space-y-2">
      <TextAreaField
        {...field}
        ref={setRef}
        error={error}
        hidden={previewing}
        hint={messages.markdownHint}
      />
      {previewing && (
        <div className="min-h-24 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5">
          {shown.trim() ? (
            <Markdown text={shown} headingLevel={headingLevel} />
          ) : (
            <p className="text-slate-600">{messages.markdownPreviewEmpty}</p>
          )}
        </div>
      )}
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => {
          if (previewing) {
            setPreview(null);
            // Back to the field, where the writer was (after React shows it again).
            requestAnimationFrame(() => textarea.current?.focus());
          } else {
            setPreview(textarea.current?.value ?? '');
          }
        }}
      >
        {previewing ? (
          <Pencil className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
        {previewing ? messages.markdownWrite : messages.markdownPreview}
      </Button>
    </div>
  );
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}
