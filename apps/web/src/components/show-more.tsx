import { messages } from '@ishuri/contract';
import { Button } from './button';

/**
 * Under a list loaded a page at a time: how many of how many are shown (announced politely as
 * more arrive), and the button that asks for the next page while there is one.
 */
export function ShowMore({
  shown,
  total,
  label,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  label: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-700" role="status">
        {messages.shownOf(shown, total)}
      </p>
      {hasMore && (
        <Button variant="secondary" loading={loading} onClick={onMore}>
          {label}
        </Button>
      )}
    </div>
  );
}
