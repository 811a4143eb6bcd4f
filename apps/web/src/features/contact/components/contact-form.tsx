import { messages } from '@ishuri/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ToastOptions } from 'react-toastify';
import { contactFields } from '../contact-fields';
import type { ContactField, ContactValues } from '../contact-fields';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';
import { useTakenOver } from '../../../lib/taken-over';
import { toastLater as toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { sendContact } from '../../../api/send-contact';

/**
 * The form keeps its values in the page's own inputs (read with FormData on Send), not in a form
 * library: the contact page is public and loaded on slow networks, and react-hook-form was 10 kB
 * of its 16 kB (issue 30, point 3). What was typed before the app took the prerendered page over
 * stays in the inputs.
 */
type Errors = Partial<Record<ContactField, string>>;

/** Contact-form toasts sit at the top centre (product.md §9). */
const toastOptions: ToastOptions = { position: 'top-center' };

/** The server's error, else its message, else "Failed to send message" (product.md §8). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? error.bodyMessage ?? messages.contactSendFailed;
  }
  return messages.contactSendFailed;
}

/**
 * One toast for the whole form: an empty required field wins over a badly shaped e-mail, as
 * product.md §5 lists them.
 */
function validationMessage(errors: Errors): string {
  const found = contactFields
    .map((name) => errors[name])
    .filter((message): message is string => typeof message === 'string');
  return found.includes(messages.contactFieldsRequired)
    ? messages.contactFieldsRequired
    : (found[0] ?? messages.contactFieldsRequired);
}

const valuesOf = (form: HTMLFormElement): ContactValues => {
  const data = new FormData(form);
  const value = (name: ContactField) => {
    const entry = data.get(name);
    return typeof entry === 'string' ? entry : '';
  };
  return {
    FullName: value('FullName'),
    email: value('email'),
    phone: value('phone'),
    subject: value('subject'),
    message: value('message'),
  };
};

/** The contact form: FullName, email, phone (optional), subject and message. */
export function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  // Not before the app has taken the prerendered page over: the tap would be lost.
  const takenOver = useTakenOver();
  // The error toasts of earlier tries (a box kept across renders, never drawn): a message sent
  // closes them, they no longer hold.
  const [errorToasts] = useState(() => new Set<string>());
  const showError = (message: string, toastId: string) => {
    errorToasts.add(toastId);
    toast.error(message, { ...toastOptions, toastId });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const values = valuesOf(target);
    setSending(true);
    try {
      const { checkContact } = await import('../contact-check');
      const invalid = checkContact(values);
      setErrors(invalid);
      if (Object.keys(invalid).length > 0) {
        const message = validationMessage(invalid);
        showError(message, `contact-${message}`);
        return;
      }
      const answer = await sendContact(values);
      toast.success(answer?.message ?? messages.contactSent, toastOptions);
      toast.dismiss(errorToasts);
      errorToasts.clear();
      target.reset();
    } catch (error) {
      setErrors(Object.fromEntries(fieldErrorsOf(error, contactFields)));
      const message = failureMessage(error);
      // One toast per sentence: the same failure again while it shows is not drawn twice.
      showError(message, `contact-failure-${message}`);
    } finally {
      setSending(false);
    }
  };

  const invalid = (name: ContactField) => (errors[name] ? true : undefined);
  const field = (name: ContactField) => ({ name, 'aria-invalid': invalid(name) });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      aria-label={messages.contactForm}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={messages.fullName} autoComplete="name" required {...field('FullName')} />
        <TextField
          label={messages.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...field('email')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={messages.phoneOptional}
          type="tel"
          autoComplete="tel"
          {...field('phone')}
        />
        <TextField label={messages.subject} required {...field('subject')} />
      </div>
      <TextAreaField label={messages.message} rows={6} required {...field('message')} />
      <Button
        type="submit"
        size="lg"
        loading={sending}
        disabled={!takenOver}
        className="w-full sm:w-auto"
      >
        {sending ? (
          messages.sending
        ) : (
          <>
            <Send className="size-5" aria-hidden="true" />
            {messages.sendMessage}
          </>
        )}
      </Button>
    </form>
  );
}
