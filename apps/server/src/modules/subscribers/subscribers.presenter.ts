import type { Subscriber } from '@ishuri/contract';
import type { subscribers } from '../../db/schema';

export function presentSubscriber(row: typeof subscribers.$inferSelect): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.confirmedAt ? 'confirmed' : 'pending',
    createdAt: row.createdAt.toISOString(),
  };
}
