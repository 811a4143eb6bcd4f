import { messages } from '@ishuri/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ChoiceField } from '../../../components/dashboard/choice-field';
import { FileField } from '../../../components/dashboard/file-field';
import { TextAreaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';

/**
 * The fields of a course, in the create page and the edit dialog: title, description, type, and
 * an image (chosen here, sent by the form).
 */
export function CourseFields({
  fields,
  errors,
  imageLabel,
  image,
  imageError,
  onImage,
}: {
  /** What the form's `register` answered for each field. */
  fields: Record<'title' | 'description' | 'courseType', UseFormRegisterReturn>;
  errors: { title?: string; description?: string };
  imageLabel: string;
  image: File | null;
  imageError: string | null;
  onImage: (file: File | null) => void;
}) {
  return (
    <>
      <TextField label={messages.title} error={errors.title} {...fields.title} />
      <TextAreaField
        label={messages.description}
        rows={5}
        error={errors.description}
        {...fields.description}
      />
      <ChoiceField
        legend={messages.courseType}
        options={courseTypeOptions}
        inputProps={fields.courseType}
      />
      <FileField
        label={imageLabel}
        accept="image/png,image/jpeg,image/gif,image/webp"
        hint={messages.imageHint}
        error={imageError ?? undefined}
        file={image}
        preview
        onChange={onImage}
      />
    </>
  );
}

/** The course type choice of the create and edit forms. */
const courseTypeOptions = [
  {
    value: 'free',
    get label() {
      return messages.free;
    },
  },
  {
    value: 'premium',
    get label() {
      return messages.premium;
    },
  },
] as const;

/** The server's sentence about a refused image (type or size), if that is what failed. */
export function imageProblem(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.status === 413 || error.status === 415) return error.serverMessage;
  return error.fields.imageUrl ?? null;
}
