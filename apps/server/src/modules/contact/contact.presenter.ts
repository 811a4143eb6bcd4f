import type { ContactMessage } from '@ishuri/contract';
import type { contactMessages } from '../../db/schema';

/** A contact message as the admin screens read it (product.md §3: `FullName`). */
export function presentContactMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return {
    id: row.id,
    FullName: row.fullName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
