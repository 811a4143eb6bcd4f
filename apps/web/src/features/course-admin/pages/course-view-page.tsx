import { can, messages } from '@ishuri/contract';
import type { CourseWithLessons, Lesson, SubLesson } from '@ishuri/contract';
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  BarChart3,
  Eye,
  LoaderCircle,
  Pencil,
  Plus,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, ButtonLink } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { ConfirmDialog, Modal } from '../../../components/modal';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import {
  useCreateLesson,
  useCreateSubLesson,
  useDeleteLesson,
  useDeleteSubLesson,
  useReorder,
  useUpdateLesson,
  useUpdateSubLesson,
} from '../../../api/lessons';
import { itemKinds } from '../../../curriculum/item-kinds';
import { courseTree } from '../../../curriculum/learning-path';
import { useCourse, useUpdateCourse } from '../../../api/courses';
import { CourseTypeBadge } from '../../../components/dashboard/course-type-badge';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { CourseEditForm } from '../components/course-edit-form';
import { ItemForm } from '../components/item-form';
import { ResourcesEditor } from '../components/resources-editor';
import { badgeClass, linkClass } from '../../../components/dashboard/styles';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

/** Someone who may not manage this course: back to /dashboard with the permission toast. */
function NoPermission() {
  useEffect(() => {
    toast.error(messages.noPermission, { toastId: 'no-permission' });
  }, []);
  return <Navigate to="/dashboard" replace />;
}

function ContentTypeBadge({ item }: { item: Lesson | SubLesson }) {
  const Icon = itemKinds[item.contentType].BadgeIcon;
  return (
    <span className={cn(badgeClass, 'gap-1 bg-slate-100 text-slate-800')}>
      <Icon className="size-3.5" aria-hidden="true" />
      {itemKinds[item.contentType].label}
    </span>
  );
}

/**
 * A video's small copies are being made (a transcode takes a while after the upload), or could
 * not be made: said beside its title. Nothing once it is ready.
 */
function VideoStatusBadge({ item }: { item: Lesson | SubLesson }) {
  const status = item.video?.status;
  if (status === 'processing') {
    return (
      <span className={cn(badgeClass, 'gap-1 bg-sky-100 text-sky-900')}>
        <LoaderCircle className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
        {messages.videoProcessing}
      </span>
    );
  }
  if (status === 'failed') {
    return (
      <span className={cn(badgeClass, 'gap-1 bg-red-100 text-red-900')}>
        <TriangleAlert className="size-3.5" aria-hidden="true" />
        {messages.videoProcessingFailed}
      </span>
    );
  }
  return null;
}

/** While any video is processing, the course is read again this often, so its badge goes. */
const PROCESSING_REFETCH_MS = 10_000;

const anyProcessing = (course: CourseWithLessons | undefined) =>
  !!course?.lessons.some(
    (lesson) =>
      lesson.video?.status === 'processing' ||
      lesson.subLessons.some((sub) => sub.video?.status === 'processing'),
  );

function ItemBody({ item }: { item: Lesson | SubLesson }) {
  const Preview = itemKinds[item.contentType].Preview;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {item.description && <p>{item.description}</p>}
      <Preview item={item} linkClass={linkClass} />
    </div>
  );
}

type Adding = { kind: 'lesson' } | { kind: 'sub-lesson'; lesson: Lesson } | null;
type Editing = { kind: 'lesson'; item: Lesson } | { kind: 'sub-lesson'; item: SubLesson } | null;

/**
 * Move up and Move down: real buttons (keyboard and screen readers reach them, no dragging),
 * named by the item, disabled at the ends. After a move the focus stays on the moved item's
 * button, so a keyboard user can press it again.
 */
function MoveButtons({
  ids,
  index,
  title,
  lessonId,
  courseId,
}: {
  ids: string[];
  index: number;
  title: string;
  /** The lesson whose sub-lessons these are; none for the course's lessons. */
  lessonId?: string;
  courseId: string;
}) {
  const reorder = useReorder(courseId);
  const id = ids[index]!;
  // Where the focus goes once the moved item is drawn at its new place (moving a focused
  // element in the page drops its focus, so it is given back after that render). Set before
  // the request: the new order may be drawn before the answer's promise settles here.
  const refocus = useRef<{ at: number; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!refocus.current || refocus.current.at !== index) return;
    document.getElementById(`move-${refocus.current.direction}-${id}`)?.focus();
    refocus.current = null;
  }, [index, id]);
  const move = async (by: -1 | 1) => {
    const order = [...ids];
    order.splice(index, 1);
    order.splice(index + by, 0, id);
    // The same direction while the item can still go that way, else the other one.
    const next = index + by;
    refocus.current = {
      at: next,
      direction: by < 0 ? (next > 0 ? 'up' : 'down') : next < ids.length - 1 ? 'down' : 'up',
    };
    try {
      await reorder.mutateAsync(lessonId ? { lessonId, ids: order } : { ids: order });
      toast.success(messages.orderSaved, { toastId: 'order-saved' });
    } catch (error) {
      refocus.current = null;
      toast.error(
        error instanceof ApiError && error.status === 409
          ? messages.orderMismatch
          : messages.orderSaveFailed,
      );
    }
  };
  return (
    <>
      <Button
        id={`move-up-${id}`}
        size="sm"
        variant="ghost"
        disabled={index === 0 || reorder.isPending}
        onClick={() => void move(-1)}
        aria-label={messages.moveUpNamed(title)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
        {messages.moveUp}
      </Button>
      <Button
        id={`move-down-${id}`}
        size="sm"
        variant="ghost"
        disabled={index === ids.length - 1 || reorder.isPending}
        onClick={() => void move(1)}
        aria-label={messages.moveDownNamed(title)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
        {messages.moveDown}
      </Button>
    </>
  );
}

/** Publish a draft, or make a published course a draft again. */
function PublishButton({ course }: { course: CourseWithLessons }) {
  const update = useUpdateCourse();
  const toggle = async () => {
    try {
      await update.mutateAsync({ id: course.id, published: !course.published });
      toast.success(course.published ? messages.courseUnpublished : messages.coursePublished);
    } catch {
      toast.error(messages.courseUpdateFailed);
    }
  };
  return (
    <Button
      variant={course.published ? 'secondary' : 'primary'}
      loading={update.isPending}
      onClick={() => void toggle()}
    >
      {course.published ? messages.unpublishCourse : messages.publishCourse}
    </Button>
  );
}
type Removing = { kind: 'lesson'; item: Lesson } | { kind: 'sub-lesson'; item: SubLesson };

function CourseManager({ course }: { course: CourseWithLessons }) {
  const [adding, setAdding] = useState<Adding>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [editingCourse, setEditingCourse] = useState(false);
  const updateLesson = useUpdateLesson(course.id);
  const updateSubLesson = useUpdateSubLesson(course.id);
  const [uploading, setUploading] = useState(false);
  const createLesson = useCreateLesson(course.id);
  const createSubLesson = useCreateSubLesson(course.id);
  const deleteLesson = useDeleteLesson(course.id);
  const deleteSubLesson = useDeleteSubLesson(course.id);
  const remove = useConfirmedDelete<Removing>({
    run: (target) =>
      target.kind === 'lesson'
        ? deleteLesson.mutateAsync(target.item.id)
        : deleteSubLesson.mutateAsync(target.item.id),
    success: messages.lessonDeleted,
    failure: messages.deleteFailed,
  });

  const closeForm = () => {
    if (uploading) return;
    setAdding(null);
    setEditing(null);
  };
  const lessons = courseTree(course.lessons);
  const lessonIds = lessons.map((lesson) => lesson.id);

  return (
    <DashboardPage
      title={course.title}
      intro={messages.courseDetailIntro}
      actions={
        <>
          <ButtonLink to="/dashboard/all-course" variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {messages.allCourses2}
          </ButtonLink>
          <ButtonLink to={`/learn/${course.id}?preview`} variant="secondary">
            <Eye className="size-4" aria-hidden="true" />
            {messages.previewAsLearner}
          </ButtonLink>
          <ButtonLink to={`/dashboard/report/${course.id}`} variant="secondary">
            <BarChart3 className="size-4" aria-hidden="true" />
            {messages.courseReport}
          </ButtonLink>
          <PublishButton course={course} />
          <Button onClick={() => setAdding({ kind: 'lesson' })}>
            <Plus className="size-4" aria-hidden="true" />
            {messages.addLesson}
          </Button>
        </>
      }
    >
      {!course.published && (
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {messages.draftNotice}
        </p>
      )}
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-6">
        {course.imageUrl && (
          <img
            src={course.imageUrl}
            alt={messages.coverOf(course.title)}
            className="h-40 w-full rounded-xl object-cover sm:w-64"
          />
        )}
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <CourseTypeBadge type={course.courseType} />
            {!course.published && (
              <span className={cn(badgeClass, 'bg-amber-100 text-amber-900')}>
                {messages.draft}
              </span>
            )}
          </div>
          <p className="whitespace-pre-line text-slate-700">{course.description}</p>
          <Button size="sm" variant="secondary" onClick={() => setEditingCourse(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            {messages.editTheCourse}
          </Button>
          <Link to={`/course/${course.id}`} className={cn(linkClass, 'inline-block text-sm')}>
            {messages.seeThePublicCoursePage}
          </Link>
        </div>
      </div>

      <section aria-labelledby="lessons-heading" className="space-y-4">
        <h2 id="lessons-heading" className="text-xl font-semibold text-slate-900">
          {messages.lessons(course.lessons.length)}
        </h2>
        {course.lessons.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
            {messages.noLessons}
          </p>
        ) : (
          <ol className="space-y-4">
            {lessons.map((lesson, index) => (
              <li
                key={lesson.id}
                aria-label={messages.lesson(index + 1, lesson.title)}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {messages.lesson2(index + 1)}
                    </p>
                    <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                      {lesson.title}
                      <ContentTypeBadge item={lesson} />
                      <VideoStatusBadge item={lesson} />
                    </h3>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons
                      ids={lessonIds}
                      index={index}
                      title={lesson.title}
                      courseId={course.id}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing({ kind: 'lesson', item: lesson })}
                      aria-label={messages.editTheLesson(lesson.title)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {messages.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setAdding({ kind: 'sub-lesson', lesson })}
                      aria-label={messages.addASubLessonTo(lesson.title)}
                    >
                      <Plus className="size-4" aria-hidden="true" />
                      {messages.subLesson}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      onClick={() => remove.ask({ kind: 'lesson', item: lesson })}
                      aria-label={messages.deleteTheLesson(lesson.title)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {messages.delete2}
                    </Button>
                  </div>
                </div>
                <div className="mt-2">
                  <ItemBody item={lesson} />
                </div>
                <div className="mt-4 border-t border-slate-200 pt-3">
                  <h4 className="mb-2 text-sm font-semibold text-slate-800">
                    {messages.subLessons(lesson.subLessons.length)}
                  </h4>
                  {lesson.subLessons.length === 0 ? (
                    <p className="text-sm text-slate-600">{messages.noSubLessons}</p>
                  ) : (
                    <ol className="space-y-2">
                      {lesson.subLessons.map((sub, subIndex) => (
                        <li
                          key={sub.id}
                          aria-label={messages.subLesson2(index + 1, subIndex + 1, sub.title)}
                          className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-slate-50 p-3"
                        >
                          <div className="min-w-0 space-y-1">
                            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                              <span className="text-slate-600">{`${index + 1}.${subIndex + 1}`}</span>
                              {sub.title}
                              <ContentTypeBadge item={sub} />
                              <VideoStatusBadge item={sub} />
                            </p>
                            <ItemBody item={sub} />
                          </div>
                          <div className="flex flex-wrap gap-2">
                            <MoveButtons
                              ids={lesson.subLessons.map((item) => item.id)}
                              index={subIndex}
                              title={sub.title}
                              lessonId={lesson.id}
                              courseId={course.id}
                            />
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => setEditing({ kind: 'sub-lesson', item: sub })}
                              aria-label={messages.editTheSubLesson(sub.title)}
                            >
                              <Pencil className="size-4" aria-hidden="true" />
                              {messages.edit}
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              className="text-red-700 hover:bg-red-50"
                              onClick={() => remove.ask({ kind: 'sub-lesson', item: sub })}
                              aria-label={messages.deleteTheSubLesson(sub.title)}
                            >
                              <Trash2 className="size-4" aria-hidden="true" />
                              {messages.delete2}
                            </Button>
                          </div>
                        </li>
                      ))}
                    </ol>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ResourcesEditor course={course} />

      <Modal
        open={adding !== null}
        onClose={closeForm}
        busy={uploading}
        size="lg"
        title={
          adding?.kind === 'sub-lesson'
            ? messages.addASubLessonTo(`“${adding.lesson.title}”`)
            : messages.addALesson
        }
      >
        {adding && (
          <ItemForm
            kind={adding.kind}
            draftKey={
              adding.kind === 'lesson'
                ? `${course.id}:new-lesson`
                : `${course.id}:new-sub-lesson:${adding.lesson.id}`
            }
            onBusyChange={setUploading}
            onCancel={closeForm}
            submit={(input) =>
              adding.kind === 'lesson'
                ? createLesson.mutateAsync(input)
                : createSubLesson.mutateAsync({ ...input, lessonId: adding.lesson.id })
            }
            onSaved={() => {
              setUploading(false);
              setAdding(null);
              toast.success(
                adding.kind === 'lesson' ? messages.lessonCreated : messages.subLessonCreated,
              );
            }}
          />
        )}
      </Modal>

      <Modal
        open={editing !== null}
        onClose={closeForm}
        busy={uploading}
        size="lg"
        title={editing ? messages.editNamed(editing.item.title) : ''}
      >
        {editing && (
          <ItemForm
            key={editing.item.id}
            kind={editing.kind}
            draftKey={`${course.id}:${editing.item.id}`}
            initial={editing.item}
            onBusyChange={setUploading}
            onCancel={closeForm}
            submit={(input) =>
              editing.kind === 'lesson'
                ? updateLesson.mutateAsync({ ...input, id: editing.item.id })
                : updateSubLesson.mutateAsync({ ...input, id: editing.item.id })
            }
            onSaved={() => {
              setUploading(false);
              setEditing(null);
              toast.success(
                editing.kind === 'lesson' ? messages.lessonUpdated : messages.subLessonUpdated,
              );
            }}
          />
        )}
      </Modal>

      <Modal
        open={editingCourse}
        onClose={() => setEditingCourse(false)}
        size="lg"
        title={messages.editTheCourse}
      >
        {editingCourse && <CourseEditForm course={course} onDone={() => setEditingCourse(false)} />}
      </Modal>

      <ConfirmDialog
        title={
          remove.target?.kind === 'sub-lesson' ? messages.deleteSubLesson : messages.deleteLesson
        }
        message={
          remove.target ? (
            <>
              <p>
                {remove.target.kind === 'lesson'
                  ? messages.confirmDeleteLesson(remove.target.item.title)
                  : messages.confirmDeleteSubLesson(remove.target.item.title)}
              </p>
              <p className="mt-2 font-medium">{messages.cannotBeUndone}</p>
            </>
          ) : null
        }
        {...remove.dialog}
      />
    </DashboardPage>
  );
}

/**
 * /dashboard/view/{courseId}: the course with its lessons and sub-lessons, to add and delete
 * (an admin, or the instructor who owns the course).
 */
export default function CourseViewPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId, {
    refetchInterval: (data) => (anyProcessing(data) ? PROCESSING_REFETCH_MS : false),
  });
  const actor = actorOf(useSession());

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <DashboardPage title={missing ? messages.courseNotFound : messages.course}>
        <FormAlert>
          <div className="flex flex-wrap items-center gap-3">
            <span>{missing ? messages.courseNotFound : messages.courseDetailLoadFailed}</span>
            {!missing && (
              <Button size="sm" variant="secondary" onClick={() => void course.refetch()}>
                {messages.tryAgain}
              </Button>
            )}
          </div>
        </FormAlert>
        <ButtonLink to="/dashboard/all-course" variant="secondary">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {messages.allCourses2}
        </ButtonLink>
      </DashboardPage>
    );
  }
  if (!can(actor, 'course:manage', { ownerId: course.data.ownerId })) return <NoPermission />;
  return <CourseManager course={course.data} />;
}
