import { messages } from '@ishuri/contract';
import { Button } from './button';

/**
 * The footer of a list the server sends a page at a time (support requests, webinars, payments,
 * vouchers): Previous page, which page of how many, Next page. Nothing while the whole list fits
 * on one page. `page` counts from 1, as the server's `page` parameter does.
 */
export function PagedListFooter({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  /** How many items the whole list has (the answer's `total`); none while it is unknown. */
  total: number | undefined;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil((total ?? 0) / pageSize);
  if (pages <= 1) return null;
  return (
    <div className="mt-4 flex items-center justify-between gap-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {messages.previousPage}
      </Button>
      <span className="text-sm text-slate-600">{messages.tablePage(page, pages)}</span>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {messages.nextPage}
      </Button>
    </div>
  );
}
