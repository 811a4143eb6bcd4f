import { DEFAULT_MAX_RESOURCE_BYTES, formatSize, messages, resourceAccept } from '@ishuri/contract';
import type { CourseWithLessons, Resource, ResourceLevel } from '@ishuri/contract';
import { Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useResources } from '../../../api/resources';
import {
  useDeleteResource,
  useUpdateResource,
  useUploadResource,
} from '../../../api/resource-changes';
import { Button } from '../../../components/button';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { ResourceIcon, resourceFacts } from '../../../curriculum/resource-list';
import { courseTree } from '../../../curriculum/learning-path';

const selectClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900';

/**
 * The course editor's resources (issue 34, point 1): attach a file to the course or one of its
 * lessons, basic or advanced; mark one basic or advanced; delete one.
 */
export function ResourcesEditor({ course }: { course: CourseWithLessons }) {
  const formId = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadResource(course.id);
  const update = useUpdateResource();
  const { resources, hasNextPage, fetchNextPage, isFetchingNextPage } = useResources(course.id);
  const deleteResource = useDeleteResource();
  const remove = useConfirmedDelete<Resource>({
    run: (resource) => deleteResource.mutateAsync(resource.id),
    success: messages.resourceDeleted,
    failure: messages.deleteFailed,
  });

  const items = courseTree(course.lessons).flatMap((lesson) => [
    { id: lesson.id, title: lesson.title },
    ...lesson.subLessons.map((sub) => ({ id: sub.id, title: `— ${sub.title}` })),
  ]);
  const titleOf = (itemId: string | null) =>
    itemId === null
      ? messages.resourceWholeCourse
      : (items.find((item) => item.id === itemId)?.title ?? messages.resourceWholeCourse);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const element = event.currentTarget;
    const form = new FormData(element);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(messages.resourceFileRequired);
      return;
    }
    try {
      const answer = await upload.mutateAsync(form);
      toast.success(answer.message);
      element.reset();
    } catch (failure) {
      setError(errorMessage(failure, messages.resourceFailed));
    }
  };

  const setLevel = async (resource: Resource, level: ResourceLevel) => {
    try {
      const answer = await update.mutateAsync({ id: resource.id, change: { level } });
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, messages.resourceFailed));
    }
  };

  return (
    <section aria-labelledby={`${formId}-heading`} className="space-y-4">
      <h2 id={`${formId}-heading`} className="text-xl font-semibold text-slate-900">
        {messages.resourcesHeading}
      </h2>
      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-label={messages.resourceUpload}
      >
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <div>
          <label htmlFor={`${formId}-file`} className="block text-sm font-medium text-slate-800">
            {messages.resourceFile}
          </label>
          <input
            id={`${formId}-file`}
            name="file"
            type="file"
            accept={resourceAccept}
            aria-describedby={`${formId}-types`}
            className="mt-1 block w-full text-base text-slate-800"
          />
          <p id={`${formId}-types`} className="mt-1 text-sm text-slate-600">
            {messages.resourceAllowedTypes(formatSize(DEFAULT_MAX_RESOURCE_BYTES))}
          </p>
        </div>
        <TextField label={messages.resourceName} name="title" maxLength={150} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${formId}-level`} className="block text-sm font-medium text-slate-800">
              {messages.resourceLevel}
            </label>
            <select id={`${formId}-level`} name="level" className={selectClass}>
              <option value="basic">{messages.resourceBasic}</option>
              <option value="advanced">{messages.resourceAdvanced}</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-item`} className="block text-sm font-medium text-slate-800">
              {messages.resourceAttachTo}
            </label>
            <select id={`${formId}-item`} name="itemId" className={selectClass}>
              <option value="">{messages.resourceWholeCourse}</option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button type="submit" loading={upload.isPending}>
          <Upload className="size-4" aria-hidden="true" />
          {messages.resourceUpload}
        </Button>
      </form>

      {resources.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-700">
          {messages.resourcesNone}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-4">
          {resources.map((resource) => (
            <li key={resource.id} className="flex flex-wrap items-center gap-3 py-3">
              <ResourceIcon kind={resource.kind} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{resource.title}</p>
                <p className="text-sm text-slate-600">
                  {resourceFacts(resource)} · {titleOf(resource.itemId)} ·{' '}
                  {resource.level === 'advanced'
                    ? messages.resourceAdvanced
                    : messages.resourceBasic}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={update.isPending}
                onClick={() =>
                  void setLevel(resource, resource.level === 'advanced' ? 'basic' : 'advanced')
                }
              >
                {resource.level === 'advanced'
                  ? messages.resourceMakeBasic
                  : messages.resourceMakeAdvanced}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove.ask(resource)}
                aria-label={messages.resourceDeleteNamed(resource.title)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {messages.resourceDelete}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {messages.resourcesShowMore}
        </Button>
      )}
      <ConfirmDialog
        title={messages.resourceDelete}
        message={
          remove.target ? (
            <>
              <p className="font-medium">{remove.target.title}</p>
              <p className="mt-2">{messages.cannotBeUndone}</p>
            </>
          ) : null
        }
        {...remove.dialog}
      />
    </section>
  );
}
