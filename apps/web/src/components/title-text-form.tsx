import { messages } from '@ishuri/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../lib/api-client';
import { Button } from './button';
import { TextField } from './form-field';
import { MarkdownField } from './markdown-field';

/**
 * The form of a title and a Markdown text, posted at once: a discussion's question and an
 * announcement. The server's field errors show under their fields; any other failure is a
 * toast, and what was typed stays. Once posted, the server's sentence is a toast, the form is
 * emptied and `onDone` runs.
 */
export function TitleTextForm({
  titleLabel,
  textLabel,
  textMaxLength,
  headingLevel,
  send,
  pending,
  error,
  onDone,
}: {
  titleLabel: string;
  textLabel: string;
  /** The text's limit (the title's is 150 characters for both). */
  textMaxLength: number;
  /** The level the text's `#` headings take where it is shown. */
  headingLevel: number;
  send: (post: { title: string; text: string }) => Promise<{ message: string }>;
  pending: boolean;
  /** The last sending's failure, for its field errors. */
  error: unknown;
  onDone: () => void;
}) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const fields: Record<string, string> = error instanceof ApiError ? error.fields : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await send({ title, text });
      toast.success(answer.message);
      setTitle('');
      setText('');
      onDone();
    } catch (failure) {
      if (!(failure instanceof ApiError && Object.keys(failure.fields).length > 0)) {
        toast.error(errorMessage(failure, messages.badRequest));
      }
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <TextField
        label={titleLabel}
        value={title}
        maxLength={150}
        onChange={(event) => setTitle(event.target.value)}
        error={fields.title}
      />
      <MarkdownField
        label={textLabel}
        value={text}
        maxLength={textMaxLength}
        onChange={(event) => setText(event.target.value)}
        error={fields.text}
        headingLevel={headingLevel}
      />
      <Button type="submit" loading={pending}>
        {messages.discussionPost}
      </Button>
    </form>
  );
}
