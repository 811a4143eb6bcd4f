import { formatSize, messages } from '@ishuri/contract';
import type { Resource, ResourceKind } from '@ishuri/contract';
import {
  Download,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  Lock,
  Presentation,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadResource, useResources } from '../api/resources';
import { Button } from '../components/button';
import { errorMessage } from '../lib/api-client';
import { toastLater } from '../lib/toast';

/**
 * A course's resources (issue 34, point 1), or one lesson's: each with its name, type and size
 * before download. One the reader may not download says why: an advanced resource offers
 * Premium (a link to /pricing), a premium course's basic one asks for the enrolment.
 */

const icons: Record<ResourceKind, LucideIcon> = {
  pdf: FileText,
  slides: Presentation,
  spreadsheet: FileSpreadsheet,
  document: FileText,
  image: FileImage,
  audio: FileAudio,
};

/** The kind's name, read when shown (in the reader's language). */
function kindLabel(kind: ResourceKind): string {
  switch (kind) {
    case 'pdf':
      return messages.resourceKindPdf;
    case 'slides':
      return messages.resourceKindSlides;
    case 'spreadsheet':
      return messages.resourceKindSpreadsheet;
    case 'document':
      return messages.resourceKindDocument;
    case 'image':
      return messages.resourceKindImage;
    case 'audio':
      return messages.resourceKindAudio;
  }
}

/** "PDF · 1.2 MB": what the file is and how much it costs to download. */
export const resourceFacts = (resource: Pick<Resource, 'kind' | 'size'>) =>
  `${kindLabel(resource.kind)} · ${formatSize(resource.size)}`;

export function ResourceIcon({ kind }: { kind: ResourceKind }) {
  const Icon = icons[kind];
  return <Icon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />;
}

function ResourceRow({ resource }: { resource: Resource }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadResource(resource);
    } catch (error) {
      toastLater.error(errorMessage(error, messages.resourceFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <ResourceIcon kind={resource.kind} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{resource.title}</p>
        <p className="text-sm text-slate-600">
          {resourceFacts(resource)}
          {resource.level === 'advanced' && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
              {messages.resourcePartOfPremium}
            </span>
          )}
        </p>
      </div>
      {!resource.locked ? (
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => void download()}
          aria-label={messages.resourceDownloadNamed(resource.title)}
        >
          <Download className="size-4" aria-hidden="true" />
          {messages.resourceDownload}
        </Button>
      ) : resource.lockedBy === 'premium' ? (
        <Link
          to="/business#buy"
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-amber-50 px-3 text-sm font-semibold text-amber-900 underline-offset-2 hover:underline"
        >
          <Lock className="size-4" aria-hidden="true" />
          {messages.resourceSeePremium}
        </Link>
      ) : (
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <Lock className="size-4" aria-hidden="true" />
          {messages.resourceEnrolToDownload}
        </p>
      )}
    </li>
  );
}

interface ResourceListProps {
  courseId: string;
  /** One lesson's resources; the whole course's when absent. */
  itemId?: string | null;
  /** The heading's level in the page. */
  level?: 2 | 3;
}

/** The list, or nothing while there are no resources (or they could not be read). */
export function ResourceList({ courseId, itemId = null, level = 2 }: ResourceListProps) {
  const { resources, hasNextPage, fetchNextPage, isFetchingNextPage } = useResources(
    courseId,
    itemId,
  );
  if (resources.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `resources-${itemId ?? courseId}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Heading
        id={headingId}
        className={
          level === 2
            ? 'mb-2 text-2xl font-bold text-slate-900'
            : 'mb-1 text-lg font-semibold text-slate-900'
        }
      >
        {messages.resourcesHeading}
      </Heading>
      <ul className="divide-y divide-slate-200">
        {resources.map((resource) => (
          <ResourceRow key={resource.id} resource={resource} />
        ))}
      </ul>
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
    </section>
  );
}
