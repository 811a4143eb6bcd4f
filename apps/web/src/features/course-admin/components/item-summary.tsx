import { messages } from '@ishuri/contract';
import type { Lesson, SubLesson } from '@ishuri/contract';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { badgeClass, linkClass } from '../../../components/dashboard/styles';
import { itemKinds } from '../../../curriculum/item-kinds';
import { cn } from '../../../lib/cn';

/** What kind of item it is (text, video, quiz…), beside its title. */
export function ContentTypeBadge({ item }: { item: Lesson | SubLesson }) {
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
export function VideoStatusBadge({ item }: { item: Lesson | SubLesson }) {
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

/** An item's description and a preview of its content, under its title. */
export function ItemBody({ item }: { item: Lesson | SubLesson }) {
  const Preview = itemKinds[item.contentType].Preview;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {item.description && <p>{item.description}</p>}
      <Preview item={item} linkClass={linkClass} />
    </div>
  );
}
