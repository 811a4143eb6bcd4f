import { zodResolver } from '@hookform/resolvers/zod';
import { createCourseFieldsSchema, messages } from '@ishuri/contract';
import type { Course } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useUpdateCourse } from '../../../api/course-changes';
import { Button } from '../../../components/button';
import { applyFieldErrors } from '../../../lib/form-errors';
import { CourseFields, imageProblem } from './course-fields';

const fieldNames = ['title', 'description', 'courseType'] as const;
const formSchema = createCourseFieldsSchema.omit({ published: true });

/**
 * Edits a course's title, description and type, and replaces its image when a new one is
 * chosen (the old file is then removed by the server). Publishing has its own button.
 */
export function CourseEditForm({ course, onDone }: { course: Course; onDone: () => void }) {
  const update = useUpdateCourse();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: course.title,
      description: course.description,
      courseType: course.courseType,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setImageError(null);
    try {
      await update.mutateAsync({ id: course.id, ...values, image });
      toast.success(messages.courseUpdated);
      onDone();
    } catch (error) {
      const problem = imageProblem(error);
      if (problem) setImageError(problem);
      applyFieldErrors(error, setError, fieldNames);
      toast.error(messages.courseUpdateFailed);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <CourseFields
        fields={{
          title: register('title'),
          description: register('description'),
          courseType: register('courseType'),
        }}
        errors={{ title: errors.title?.message, description: errors.description?.message }}
        imageLabel={messages.newCourseImageOptional}
        image={image}
        imageError={imageError}
        onImage={(file) => {
          setImage(file);
          setImageError(null);
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {messages.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {messages.saveChanges}
        </Button>
      </div>
    </form>
  );
}
