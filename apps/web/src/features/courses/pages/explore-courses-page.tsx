import { messages } from '@ishuri/contract';
import { BookOpen } from 'lucide-react';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { ShowMore } from '../../../components/show-more';
import { PageSpinner } from '../../../components/spinner';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { itemsOf } from '../../../lib/paging';
import { pageTitle } from '../../../lib/site';
import { useFreeCourses } from '../../../api/courses';
import { CourseCard } from '../components/course-card';

/** The cards of the first row on a wide screen (one per row on a phone): their pictures load first. */
const FIRST_ROW = 3;

/** /explore-course: the grid of free courses (product.md §2). */
export default function ExploreCoursesPage() {
  const courses = useFreeCourses();
  // The cards are drawn in the background once the list is read (see useBackgroundDraw).
  const listed = useBackgroundDraw(!courses.isPending);
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <title>{pageTitle(messages.exploreCourses2)}</title>
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{messages.exploreCourses}</h1>
        <p className="mt-3 text-lg text-slate-700">{messages.exploreCoursesIntro}</p>
      </div>
      <div className="mt-10">
        {courses.isPending || !listed ? (
          <PageSpinner />
        ) : courses.isError ? (
          <div className="space-y-4">
            <FormAlert>{messages.premiumLoadFailed}</FormAlert>
            <Button variant="secondary" onClick={() => void courses.refetch()}>
              {messages.tryAgain}
            </Button>
          </div>
        ) : courses.data.pages[0]!.data.length === 0 ? (
          <p className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-8 text-slate-700">
            <BookOpen className="size-6 shrink-0 text-slate-500" aria-hidden="true" />
            {messages.noFreeCourses}
          </p>
        ) : (
          <>
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {itemsOf(courses.data.pages).map((course, index) => (
                <li key={course.id} className="flex">
                  <CourseCard course={course} first={index < FIRST_ROW} />
                </li>
              ))}
            </ul>
            <ShowMore
              shown={itemsOf(courses.data.pages).length}
              total={courses.data.pages[0]!.total ?? 0}
              label={messages.showMoreCourses}
              hasMore={courses.hasNextPage}
              loading={courses.isFetchingNextPage}
              onMore={() => void courses.fetchNextPage()}
            />
          </>
        )}
      </div>
    </section>
  );
}
