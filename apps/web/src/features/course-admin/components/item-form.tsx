import { zodResolver } from '@hookform/resolvers/zod';
import { itemFormSchema, messages } from '@ishuri/contract';
import type { Lesson, SubLesson } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import type { ItemInput } from '../../../api/lessons';
import { ChoiceField } from '../../../components/dashboard/choice-field';
import { TextAreaField } from '../../../components/textarea-field';
import { MarkdownField } from '../../../components/markdown-field';
import { uploadErrorMessage } from '../../../components/dashboard/upload-error';
import { quizOptions } from '../../../api/quizzes';
import { ApiError } from '../../../lib/api-client';
import { CaptionsEditor } from './captions-editor';
import { draftOf, newQuizDraft, QuizEditor, quizOfDraft } from './quiz-editor';
import type { QuizDraft } from './quiz-editor';
import { ResumableVideoInput } from './resumable-video-input';
import { useLeaveGuard } from '../../../components/leave-guard';
import { useItemDraft } from '../hooks/use-item-draft';

const contentTypeOptions = [
  {
    value: 'text',
    get label() {
      return messages.text;
    },
  },
  {
    value: 'video',
    get label() {
      return messages.video;
    },
  },
  {
    value: 'quiz',
    get label() {
      return messages.quizItem;
    },
  },
] as const;

interface ItemFormProps {
  /** "lesson" or "sub-lesson": the submit button says what it adds. */
  kind: string;
  /** Sends the item; rejects with the API client's errors. */
  submit: (input: ItemInput) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
  /** Tells the dialog that an upload runs (Escape must not close it then). */
  onBusyChange?: (busy: boolean) => void;
  /** The item being edited: the form starts from it; a video item may keep its video. */
  initial?: Lesson | SubLesson;
  /** Where its unsaved text is kept on this device: the course and the item (use-item-draft.ts). */
  draftKey?: string;
}

/**
 * The lesson and sub-lesson form (product.md §4, §5): title, description, content type; a text
 * item has content, a video item a file. Switching the type clears the other field. A video
 * upload shows its progress, then "Upload complete, processing video..." until the server
 * answers.
 */
export function ItemForm({
  kind,
  submit,
  onSaved,
  onCancel,
  onBusyChange,
  initial,
  draftKey,
}: ItemFormProps) {
  // An item edited as a video item already has its video: a new file is optional.
  const hasStoredVideo = initial?.contentType === 'video' && initial.videoUrl !== null;
  const [video, setVideo] = useState<File | null>(null);
  // The chosen video's finished resumable upload, sent with the save instead of the file.
  const [videoUpload, setVideoUpload] = useState<string | null>(null);
  const onUploadChange = useCallback((id: string | null) => setVideoUpload(id), []);
  const waitsForUpload = uploadPending(video, videoUpload);
  // A new key empties the file input when the type switches to text.
  const [videoInputKey, setVideoInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A quiz item's quiz: read with its key when the item is edited, a first question otherwise.
  const isStoredQuiz = initial?.contentType === 'quiz';
  const storedQuiz = useQuery({ ...quizOptions(initial?.id ?? ''), enabled: isStoredQuiz });
  const [editedQuiz, setQuizDraft] = useState<QuizDraft | null>(null);
  const quizDraft = editedQuiz ?? (storedQuiz.data ? draftOf(storedQuiz.data) : null);
  // The running request, so that Cancel can stop an upload on a slow line.
  const [running, setRunning] = useState<AbortController | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    reset,
    clearErrors,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(itemFormSchema),
    defaultValues: {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      contentType: initial?.contentType ?? ('text' as const),
      content: initial?.content ?? '',
      hasVideo: hasStoredVideo,
    },
  });
  const contentType = useWatch({ control, name: 'contentType' });
  // Back loses nothing (issue 32, point 2): the typed texts are kept on the device until saved,
  // and leaving the page with changes asks first.
  const [title, description, content] = useWatch({
    control,
    name: ['title', 'description', 'content'],
  });
  const draft = useItemDraft(
    draftKey,
    {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      content: initial?.content ?? '',
    },
    { title, description, content },
  );
  const { restored } = draft;
  useEffect(() => {
    if (!restored) return;
    for (const field of ['title', 'description', 'content'] as const) {
      setValue(field, restored[field], { shouldDirty: true });
    }
    if (restored.content !== '' && getValues('contentType') !== 'text') {
      setValue('contentType', 'text', { shouldDirty: true });
    }
  }, [restored, setValue, getValues]);
  const leave = useLeaveGuard(isDirty);

  const typeField = register('contentType', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === 'quiz') {
        setQuizDraft((current) => current ?? (isStoredQuiz ? null : newQuizDraft()));
      }
      if (event.target.value === 'video') {
        setValue('content', '');
      } else {
        setVideo(null);
        setValue('hasVideo', hasStoredVideo);
        setVideoInputKey((key) => key + 1);
      }
      clearErrors(['content', 'hasVideo']);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const isVideo = values.contentType === 'video';
    // The video went up on its own (ResumableVideoInput), which shows its processing.
    setProgress(null);
    onBusyChange?.(true);
    const controller = new AbortController();
    setRunning(controller);
    try {
      await submit({
        signal: controller.signal,
        title: values.title,
        description: values.description,
        contentType: values.contentType,
        content: values.contentType === 'text' ? values.content : '',
        video: null,
        videoUpload: isVideo ? videoUpload : null,
        quiz: values.contentType === 'quiz' && quizDraft ? quizOfDraft(quizDraft) : null,
      });
      draft.clear();
      leave.allowLeave();
      onSaved();
    } catch (error) {
      // A cancelled upload keeps every entry (and the chosen file) for another try.
      const text = controller.signal.aborted
        ? messages.uploadCancelled
        : (quizProblem(error) ?? uploadErrorMessage(error));
      setFailure(text);
      setProgress(null);
      if (!controller.signal.aborted) toast.error(text);
    } finally {
      setRunning(null);
      onBusyChange?.(false);
    }
  });

  const percent = progress === null ? 0 : Math.min(100, Math.floor(progress * 100));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {failure && <FormAlert>{failure}</FormAlert>}
      {leave.question}
      {restored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <span>{messages.draftRestored}</span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              draft.clear();
              reset();
            }}
          >
            {messages.discardDraft}
          </Button>
        </div>
      )}
      <TextField label={messages.title} error={errors.title?.message} {...register('title')} />
      <TextAreaField
        label={messages.descriptionOptional}
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />
      <ChoiceField
        legend={messages.contentTypeLegend}
        options={contentTypeOptions}
        inputProps={typeField}
      />
      {contentType === 'quiz' ? (
        quizDraft ? (
          <QuizEditor draft={quizDraft} onChange={setQuizDraft} />
        ) : storedQuiz.isError ? (
          <FormAlert>{uploadErrorMessage(storedQuiz.error)}</FormAlert>
        ) : (
          <p className="text-slate-600" role="status">
            {messages.loading}
          </p>
        )
      ) : contentType === 'text' ? (
        <MarkdownField
          label={messages.content}
          rows={8}
          error={errors.content?.message}
          {...register('content')}
        />
      ) : (
        <ResumableVideoInput
          key={videoInputKey}
          hint={
            hasStoredVideo
              ? `${messages.videoHint} ${messages.keepCurrentVideo}`
              : messages.videoHint
          }
          error={errors.hasVideo?.message}
          saving={isSubmitting}
          onUploadChange={onUploadChange}
          onFileChange={(file) => {
            setVideo(file);
            setValue('hasVideo', file !== null || hasStoredVideo, {
              shouldValidate: file !== null,
            });
          }}
        />
      )}
      {/* Captions of the stored video, saved on their own (a new video file drops them). */}
      {contentType === 'video' && hasStoredVideo && initial && <CaptionsEditor item={initial} />}
      {progress !== null && (
        <div className="space-y-1.5">
          <progress
            value={percent}
            max={100}
            aria-label={messages.uploadProgress2}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
          <p
            role="status"
            data-testid="upload-status"
            className="text-sm font-medium text-slate-800"
          >
            {percent < 100 ? messages.uploadProgress(percent) : messages.uploadProcessing}
          </p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {/* Cancel stops the upload while bytes are still going up; once the server has the file it
            is saving it, and the answer is awaited. */}
        {isSubmitting && progress !== null && percent < 100 ? (
          <Button variant="secondary" onClick={() => running?.abort()}>
            {messages.cancelUpload}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {messages.cancel}
          </Button>
        )}
        {contentType === 'video' && waitsForUpload && (
          <p id="save-waits" className="basis-full text-right text-sm text-slate-600">
            {messages.saveWaitsForUpload}
          </p>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={contentType === 'video' && waitsForUpload}
          aria-describedby={contentType === 'video' && waitsForUpload ? 'save-waits' : undefined}
        >
          {initial
            ? messages.saveChanges
            : kind === 'sub-lesson'
              ? messages.addSubLesson
              : messages.addLesson}
        </Button>
      </div>
    </form>
  );
}

/**
 * What the server found wrong in a quiz, with the question it is about ("Question 2: Mark
 * exactly one choice as correct."); null for any other failure.
 */
function quizProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const found = Object.entries(error.fields).find(([field]) => field.startsWith('quiz'));
  if (!found) return null;
  const [field, sentence] = found;
  const question = /^quiz\.questions\.(\d+)/.exec(field)?.[1];
  return question === undefined
    ? sentence
    : `${messages.questionPromptLabel(Number(question) + 1)}: ${sentence}`;
}

/** A chosen video whose upload has not finished yet: the save waits for it. */
function uploadPending(video: File | null, videoUpload: string | null): boolean {
  return video !== null && videoUpload === null;
}
