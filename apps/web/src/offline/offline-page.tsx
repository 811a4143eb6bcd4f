import { messages } from '@ishuri/contract';
import { WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/button';
import { useSession } from '../lib/auth';
import { useSavedCourses } from './saved-queries';
import { fileSize } from '../lib/format';

/**
 * Offline, a page never opened on this device: what is available instead (the courses saved
 * here), never the error screen. It gives way to the page once the network is back.
 */
export function OfflinePage({ onRetry }: { onRetry?: () => void }) {
  const saved = useSavedCourses();
  const signedIn = useSession() !== null;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <title>{messages.pageTitleOf(messages.offlinePageTitle)}</title>
      <div className="space-y-3 text-center">
        <WifiOff className="mx-auto size-12 text-slate-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">{messages.offlinePageTitle}</h1>
        <p className="text-slate-700">{messages.offlinePageText}</p>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {messages.tryAgain}
          </Button>
        )}
      </div>
      {signedIn && (
        <section aria-labelledby="offline-saved" className="space-y-3">
          <h2 id="offline-saved" className="text-lg font-semibold text-slate-900">
            {messages.offlineSavedCourses}
          </h2>
          {saved.data && saved.data.length > 0 ? (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {saved.data.map((course) => (
                <li key={course.key} className="flex items-center justify-between gap-3 p-3">
                  <Link
                    to={`/learn/${course.courseId}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    {course.title}
                  </Link>
                  <span className="shrink-0 text-sm text-slate-600">{fileSize(course.bytes)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{messages.noSavedCourses}</p>
          )}
        </section>
      )}
    </div>
  );
}
