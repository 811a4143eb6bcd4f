import { formatDate, messages } from '@ishuri/contract';
import type { Payment } from '@ishuri/contract';
import { toast } from 'react-toastify';
import { downloadReceipt } from '../api/premium';
import { errorMessage } from '../lib/api-client';
import { currentLanguage } from '../lib/language';
import { Button } from './button';

const statusText: Record<Payment['status'], () => string> = {
  pending: () => messages.premiumPaymentPending,
  successful: () => messages.premiumPaymentSuccessful,
  failed: () => messages.premiumPaymentFailed,
  expired: () => messages.premiumPaymentExpired,
  refunded: () => messages.premiumPaymentRefunded,
};

/**
 * A learner's payments, newest first, each successful one with its PDF receipt (issue 33,
 * point 6): on the Premium page and in Settings.
 */
export function PremiumReceipts({ payments }: { payments: readonly Payment[] }) {
  if (payments.length === 0) return <p className="text-slate-700">{messages.premiumNoReceipts}</p>;
  const day = (date: string) => formatDate(date, 'long', undefined, currentLanguage());
  return (
    <ul className="divide-y divide-slate-200">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {day(payment.createdAt)} · {payment.amount} {payment.currency}
            </p>
            <p className="text-sm break-all text-slate-600">
              {statusText[payment.status]()} · {payment.providerReference}
            </p>
          </div>
          {payment.status === 'successful' && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                void downloadReceipt(payment.id).catch((error: unknown) =>
                  toast.error(errorMessage(error, messages.downloadFailedStatus(0))),
                )
              }
            >
              {messages.premiumReceiptDownload}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
