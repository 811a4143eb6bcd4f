import { messages } from '@ishuri/contract';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { FallbackImage } from '../../../components/fallback-image';
import { truncateText } from '../../../lib/text';
import { useFeaturedCourses } from '../../../api/courses';

const FEATURED_COUNT = 3;

/** A few free courses; nothing at all when there are none or they cannot be loaded. */
export function FeaturedCourses() {
  const courses = useFeaturedCourses(FEATURED_COUNT);
  if (!courses.data || courses.data.length === 0) return null;
  return (
    <section aria-labelledby="featured-courses" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="featured-courses" className="text-3xl font-bold text-slate-900">
              {messages.freeCoursesToStartWith}
            </h2>
            <p className="mt-3 text-lg text-slate-700">{messages.featuredCoursesIntro}</p>
          </div>
          <ButtonLink to="/explore-course" variant="secondary">
            {messages.allFreeCourses}
            <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {courses.data.map((course) => (
            <li
              key={course.id}
              className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600"
            >
              <FallbackImage
                src={course.imageUrl}
                alt=""
                width={800}
                height={400}
                className="w-full"
              />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <CourseTypeBadge type={course.courseType} className="self-start" />
                <h3 className="text-lg font-semibold break-words text-slate-900">
                  <Link
                    to={`/course/${course.id}`}
                    className="rounded-sm after:absolute after:inset-0 hover:text-brand-800"
                  >
                    {course.title}
                  </Link>
                </h3>
                <p className="break-words text-slate-700">
                  {truncateText(course.description, 110)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
