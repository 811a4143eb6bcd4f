import { formatDate, messages } from '@ishuri/contract';
import type { Payment } from '@ishuri/contract';
import { toast } from 'react-toastify';
import { downloadReceipt, useMyPremium } from '../../../api/premium';
import { Button, ButtonLink } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { PremiumRedeemForm } from '../../../components/premium-redeem-form';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';

const day = (date: string | null) => formatDate(date, 'long', undefined, currentLanguage());

const statusText: Record<Payment['status'], () => string> = {
  pending: () => messages.premiumPaymentPending,
  successful: () => messages.premiumPaymentSuccessful,
  failed: () => messages.premiumPaymentFailed,
  expired: () => messages.premiumPaymentExpired,
  refunded: () => messages.premiumPaymentRefunded,
};

/** /dashboard/premium: the pass, its renewal, a voucher, and the receipts (issue 33). */
export default function PremiumPage() {
  const mine = useMyPremium();
  if (mine.isPending) return <PageSpinner />;
  const pass = mine.data?.pass;
  const payments = mine.data?.payments ?? [];
  return (
    <DashboardPage title={messages.premiumTitle}>
      <Panel>
        <p className="text-slate-800">
          {pass?.active
            ? messages.premiumActiveUntil(day(pass.endsAt))
            : pass?.endsAt
              ? messages.premiumEndedOn(day(pass.endsAt))
              : messages.premiumNone}
        </p>
        <ButtonLink className="mt-4" to="/business#buy">
          {pass?.active || pass?.endsAt ? messages.premiumRenew : messages.premiumBuy}
        </ButtonLink>
      </Panel>
      <Panel>
        <PremiumRedeemForm />
      </Panel>
      <Panel title={messages.premiumReceipts}>
        {payments.length === 0 ? (
          <p className="text-slate-700">{messages.premiumNoReceipts}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {payments.map((payment) => (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
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
        )}
      </Panel>
    </DashboardPage>
  );
}
