import { zodResolver } from '@hookform/resolvers/zod';
import { createBlogFieldsSchema, messages } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateBlog } from '../../../api/blog-changes';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { FileField } from '../../../components/dashboard/file-field';
import { TextAreaField } from '../../../components/textarea-field';

const fieldNames = ['title', 'content'] as const;

/** /dashboard/CreateBlog (admin): title, content and an optional image. */
export default function CreateBlogPage() {
  const createBlog = useCreateBlog();
  const navigate = useNavigate();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createBlogFieldsSchema),
    defaultValues: { title: '', content: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setImageError(null);
    try {
      await createBlog.mutateAsync({ ...values, image });
      toast.success(messages.blogCreated);
      await navigate('/dashboard/AllBlogs');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
        setImageError(error.serverMessage);
      }
      applyFieldErrors(error, setError, fieldNames);
      toast.error(messages.blogCreateFailed);
    }
  });

  return (
    <DashboardPage title={messages.addBlog2} intro={messages.createBlogIntro}>
      <Panel className="max-w-3xl">
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField label={messages.title} error={errors.title?.message} {...register('title')} />
          <TextAreaField
            label={messages.content}
            rows={12}
            hint={messages.blogParagraphsHint}
            error={errors.content?.message}
            {...register('content')}
          />
          <FileField
            label={messages.imageOptional}
            accept="image/png,image/jpeg,image/gif,image/webp"
            hint={messages.imageHint}
            error={imageError ?? undefined}
            file={image}
            preview
            onChange={(file) => {
              setImage(file);
              setImageError(null);
            }}
          />
          <Button type="submit" loading={createBlog.isPending}>
            {messages.publishBlog}
          </Button>
        </form>
      </Panel>
    </DashboardPage>
  );
}
