import { zodResolver } from '@hookform/resolvers/zod';
import { createCourseFieldsSchema, messages } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { useLeaveGuard } from '../../../components/leave-guard';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateCourse } from '../../../api/course-changes';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { CourseFields, imageProblem } from '../components/course-fields';

const fieldNames = ['title', 'description', 'courseType'] as const;

/** /dashboard/CreateCourse (admins and instructors): a course, then its lessons. */
export default function CreateCoursePage() {
  const createCourse = useCreateCourse();
  const navigate = useNavigate();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  // A draft is seen by its author and admins only, until it is published from its page.
  const [draft, setDraft] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(createCourseFieldsSchema),
    defaultValues: { title: '', description: '', courseType: 'free' as const, published: true },
  });

  // Leaving with changes asks first (issue 32, point 2).
  const leave = useLeaveGuard(isDirty || image !== null);

  const onSubmit = handleSubmit(async (values) => {
    setImageError(null);
    try {
      const answer = await createCourse.mutateAsync({ ...values, published: !draft, image });
      leave.allowLeave();
      toast.success(messages.courseCreated);
      await navigate(answer?.data ? `/dashboard/view/${answer.data.id}` : '/dashboard/all-course');
    } catch (error) {
      const problem = imageProblem(error);
      if (problem) setImageError(problem);
      applyFieldErrors(error, setError, fieldNames);
      toast.error(messages.courseCreateFailed);
    }
  });

  return (
    <DashboardPage title={messages.createCourse2} intro={messages.createCourseIntro}>
      {leave.question}
      <Panel className="max-w-3xl">
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <CourseFields
            fields={{
              title: register('title'),
              description: register('description'),
              courseType: register('courseType'),
            }}
            errors={{ title: errors.title?.message, description: errors.description?.message }}
            imageLabel={messages.courseImageOptional}
            image={image}
            imageError={imageError}
            onImage={(file) => {
              setImage(file);
              setImageError(null);
            }}
          />
          <label className="flex items-start gap-3 text-slate-800">
            <input
              type="checkbox"
              checked={draft}
              onChange={(event) => setDraft(event.target.checked)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>{messages.keepAsDraft}</span>
          </label>
          <Button type="submit" loading={createCourse.isPending}>
            {messages.createCourse}
          </Button>
        </form>
      </Panel>
    </DashboardPage>
  );
}
