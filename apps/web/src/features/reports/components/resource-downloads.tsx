import { messages } from '@ishuri/contract';
import { useResourceDownloads } from '../../../api/resources';
import { BarChart } from './bar-chart';

/** The course report's resources (issue 34, point 1): learners' downloads per resource. */
export function ResourceDownloads({ courseId }: { courseId: string }) {
  const downloads = useResourceDownloads(courseId, { page: 1, pageSize: 50 });
  const rows = downloads.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <BarChart
      title={messages.resourceDownloadsHeading}
      intro={messages.resourceDownloadsIntro}
      bars={rows.map((row) => ({ label: row.title, value: row.downloads }))}
      max={Math.max(1, ...rows.map((row) => row.downloads))}
      labelHeader={messages.resourceName2}
      valueHeader={messages.resourceDownloadsCount}
    />
  );
}
