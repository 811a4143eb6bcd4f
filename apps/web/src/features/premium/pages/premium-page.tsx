import { formatDate, messages } from '@ishuri/contract';
import { useMyPremium } from '../../../api/premium';
import { ButtonLink } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { PremiumReceipts } from '../../../components/premium-receipts';
import { PremiumRedeemForm } from '../../../components/premium-redeem-form';
import { PageSpinner } from '../../../components/spinner';
import { currentLanguage } from '../../../lib/language';

const day = (date: string | null) => formatDate(date, 'long', undefined, currentLanguage());

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
        <PremiumReceipts payments={payments} />
      </Panel>
    </DashboardPage>
  );
}
