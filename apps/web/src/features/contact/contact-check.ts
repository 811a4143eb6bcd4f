import { sendContactRequestSchema } from '@ishuri/contract';
import { contactFields } from './contact-fields';
import type { ContactField, ContactValues } from './contact-fields';

/**
 * The form's check: the contract's schema, so the screen shows the server's sentences; each
 * field's first message. Loaded by the form when it is first checked (components/contact-form.tsx),
 * with zod: a reader who only reads the page does not download them.
 */
export function checkContact(values: ContactValues): Partial<Record<ContactField, string>> {
  const result = sendContactRequestSchema.safeParse(values);
  const errors: Partial<Record<ContactField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = contactFields.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
