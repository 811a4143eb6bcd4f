import { messages } from '@ishuri/contract';
import { Button } from './button';
import { FormAlert } from './form-alert';

/** Why a list or a screen could not be read, with Try again beside it when it may be retried. */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <FormAlert className={className}>
      <div className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {messages.tryAgain}
          </Button>
        )}
      </div>
    </FormAlert>
  );
}
