import { messages } from '@ishuri/contract';
import type { Voucher } from '@ishuri/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  downloadPaymentsCsv,
  downloadVouchersCsv,
  useCreateVouchers,
  useGrantPremium,
  usePaymentsAdmin,
  useRecordRefund,
  useVoidVoucher,
  useVouchersAdmin,
} from '../../../api/premium';
import { Button } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { TextField } from '../../../components/form-field';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { errorMessage } from '../../../lib/api-client';
import { tableDate } from '../../../lib/format';

/** The payments and vouchers are asked for 20 at a time (api/premium.ts). */
const PAGE_SIZE = 20;

const fail = (error: unknown) => toast.error(errorMessage(error, messages.badRequest));

/** Grant days of Premium to a user, or end their pass, with a reason (kept in their history). */
function GrantPanel() {
  const grant = useGrantPremium();
  const [userId, setUserId] = useState('');
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  const send = (action: 'grant' | 'end') => async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await grant.mutateAsync(
        action === 'grant'
          ? { action, userId, days: Number(days), reason }
          : { action, userId, reason },
      );
      toast.success(messages.premiumGranted);
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Panel title={messages.premiumGrant}>
      <form
        noValidate
        onSubmit={(event) => void send('grant')(event)}
        className="grid gap-3 sm:grid-cols-3"
      >
        <TextField
          label={messages.premiumUserId}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
        />
        <TextField
          label={messages.premiumVoucherDays}
          type="number"
          min={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextField
          label={messages.premiumReason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button type="submit" loading={grant.isPending}>
            {messages.premiumGrantDays}
          </Button>
          <Button type="button" variant="danger" onClick={() => void send('end')()}>
            {messages.premiumEndPass}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function VouchersPanel() {
  const [page, setPage] = useState(1);
  const list = useVouchersAdmin(page);
  const create = useCreateVouchers();
  const voidOne = useVoidVoucher();
  const [count, setCount] = useState('10');
  const [days, setDays] = useState('30');
  const [note, setNote] = useState('');
  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const made = await create.mutateAsync({ count: Number(count), days: Number(days), note });
      await downloadVouchersCsv(made[0]?.batchId);
    } catch (error) {
      fail(error);
    }
  };
  const state = (voucher: Voucher) =>
    voucher.voidedAt
      ? messages.premiumVoucherVoided
      : voucher.redeemedBy
        ? `${tableDate(voucher.redeemedAt)} · ${voucher.redeemedBy.email}`
        : messages.premiumVoucherUnused;
  return (
    <Panel title={messages.premiumVouchers}>
      <form
        noValidate
        onSubmit={(event) => void onCreate(event)}
        className="grid gap-3 sm:grid-cols-3"
      >
        <TextField
          label={messages.premiumVoucherCount}
          type="number"
          min={1}
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <TextField
          label={messages.premiumVoucherDays}
          type="number"
          min={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextField
          label={messages.premiumVoucherNote}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button type="submit" loading={create.isPending}>
            {messages.premiumMakeVouchers}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => void downloadVouchersCsv().catch(fail)}
          >
            {messages.premiumDownloadCsv}
          </Button>
        </div>
      </form>
      <ul className="mt-4 divide-y divide-slate-200">
        {(list.data?.data ?? []).map((voucher) => (
          <li key={voucher.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-mono break-all">{voucher.code}</span>
            <span className="text-sm text-slate-700">
              {voucher.note} · {voucher.days} · {state(voucher)}
            </span>
            {!voucher.redeemedAt && !voucher.voidedAt && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => void voidOne.mutateAsync(voucher.id).catch(fail)}
              >
                {messages.premiumVoucherVoid}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <PagedListFooter page={page} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Panel>
  );
}

function PaymentsPanel() {
  const [page, setPage] = useState(1);
  const list = usePaymentsAdmin(page);
  const refund = useRecordRefund();
  const onRefund = async (id: string) => {
    const reason = window.prompt(messages.premiumReason);
    if (!reason) return;
    try {
      await refund.mutateAsync({ id, reason });
      toast.success(messages.premiumRefunded);
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Panel title={messages.premiumPayments}>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void downloadPaymentsCsv().catch(fail)}
      >
        {messages.premiumDownloadCsv}
      </Button>
      <ul className="mt-4 divide-y divide-slate-200">
        {(list.data?.data ?? []).map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {tableDate(payment.createdAt)} · {payment.user.email} · {payment.amount}{' '}
                {payment.currency}
              </p>
              <p className="break-all text-slate-600">
                {payment.provider} · {payment.providerReference} · {payment.status}
              </p>
            </div>
            {payment.status === 'successful' && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => void onRefund(payment.id)}
              >
                {messages.premiumRefund}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <PagedListFooter page={page} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Panel>
  );
}

/** /dashboard/premium-admin: payments, vouchers and grants (admin; issue 33). */
export default function PremiumAdminPage() {
  return (
    <DashboardPage title={messages.premiumTitle}>
      <PaymentsPanel />
      <VouchersPanel />
      <GrantPanel />
    </DashboardPage>
  );
}
