import type { AdminPayment, Payment } from '@ishuri/contract';
import type { payments, users } from '../../db/schema';

type PaymentRow = typeof payments.$inferSelect;

/** A phone number with all but its last 3 digits hidden. */
const masked = (phone: string | null) =>
  phone ? `${'•'.repeat(phone.length - 3)}${phone.slice(-3)}` : null;

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    method: row.method,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    days: row.days,
    providerReference: row.providerReference,
    phone: masked(row.phone),
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentAdminPayment(
  row: PaymentRow,
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'>,
): AdminPayment {
  return {
    ...presentPayment(row),
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    history: row.history,
  };
}
