import { premiumAdminApi, premiumApi } from '@ishuri/contract/routes';
import type {
  CheckoutRequest,
  CreateVouchersRequest,
  GrantRequest,
  Payment,
} from '@ishuri/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useSession } from '../lib/auth';
import { saveFile } from '../lib/save-file';

/** Premium (issue 33): the plan, the signed-in user's pass and payments, checkout, vouchers. */
export const premiumKeys = {
  all: ['premium'] as const,
  plan: ['premium', 'plan'] as const,
  me: (viewer: string | null) => ['premium', 'me', viewer ?? 'guest'] as const,
  payment: (id: string) => ['premium', 'payment', id] as const,
};

export const planOptions = () =>
  queryOptions({
    queryKey: premiumKeys.plan,
    queryFn: ({ signal }) => call(premiumApi.plan, { signal }),
  });

export const usePremiumPlan = () => useQuery(planOptions());

/** The signed-in user's pass and last payments (nothing is asked for a visitor). */
export function useMyPremium() {
  const viewer = useSession()?.id ?? null;
  return useQuery({
    queryKey: premiumKeys.me(viewer),
    enabled: viewer !== null,
    queryFn: ({ signal }) => call(premiumApi.me, { signal }),
  });
}

const final = (payment: Payment | undefined) =>
  payment !== undefined && payment.status !== 'pending';

/**
 * A payment, followed every 3 seconds until it is final (the server reads it back from the
 * provider each time); `transactionId`: a hosted checkout's return.
 */
export function usePayment(id: string | null, transactionId?: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: premiumKeys.payment(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const payment = await call(premiumApi.payment, {
        params: { id: id! },
        query: transactionId ? { transactionId } : {},
        signal,
      });
      // A final payment may have changed the pass: everything Premium is asked again.
      if (final(payment)) void queryClient.invalidateQueries({ queryKey: ['premium', 'me'] });
      return payment;
    },
    refetchInterval: (query) => (final(query.state.data) ? false : 3000),
  });
}

/** One key per purchase attempt: a double tap or a retried request makes one payment. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function useCheckout() {
  return useMutation({
    mutationFn: ({ request, key }: { request: CheckoutRequest; key: string }) =>
      call(premiumApi.checkout, { body: request, headers: { 'Idempotency-Key': key } }),
  });
}

export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(premiumApi.redeem, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: premiumKeys.all }),
  });
}

/** Saves the PDF receipt of a successful payment. */
export async function downloadReceipt(id: string) {
  const blob = await call(premiumApi.receipt, { params: { id } });
  saveFile(blob, `ishuri-receipt-${id}.pdf`);
}

/** The admin's side (issue 33, points 4 and 5): payments, vouchers, grants. */
export function usePaymentsAdmin(page: number) {
  return useQuery({
    queryKey: ['premium', 'admin', 'payments', page] as const,
    queryFn: ({ signal }) =>
      call(premiumAdminApi.payments, { query: { page, pageSize: 20 }, signal }),
  });
}

export function useVouchersAdmin(page: number) {
  return useQuery({
    queryKey: ['premium', 'admin', 'vouchers', page] as const,
    queryFn: ({ signal }) =>
      call(premiumAdminApi.vouchers, { query: { page, pageSize: 20 }, signal }),
  });
}

/** Every admin change asks the admin's lists again. */
function useAdminMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['premium', 'admin'] }),
  });
}

export const useCreateVouchers = () =>
  useAdminMutation((body: CreateVouchersRequest) => call(premiumAdminApi.createVouchers, { body }));
export const useVoidVoucher = () =>
  useAdminMutation((id: string) => call(premiumAdminApi.voidVoucher, { params: { id } }));
export const useGrantPremium = () =>
  useAdminMutation((body: GrantRequest) => call(premiumAdminApi.grant, { body }));
export const useRecordRefund = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    call(premiumAdminApi.refund, { params: { id }, body: { reason } }),
  );

export async function downloadPaymentsCsv() {
  saveFile(await call(premiumAdminApi.paymentsCsv, {}), 'ishuri-payments.csv');
}

export async function downloadVouchersCsv(batchId?: string) {
  saveFile(
    await call(premiumAdminApi.vouchersCsv, { query: batchId ? { batchId } : {} }),
    'ishuri-vouchers.csv',
  );
}
