import { zodResolver } from '@hookform/resolvers/zod';
import { sendContactRequestSchema } from '@ishuri/contract';

/**
 * The contact form's check: the contract's schema, so the screen shows the server's sentences.
 * Loaded by the form when it is first checked (components/contact-form.tsx), with zod.
 */
export const contactResolver = zodResolver(sendContactRequestSchema);
