import { messages } from '@ishuri/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import type { ToastOptions } from 'react-toastify';
import type { contactResolver } from '../contact-resolver';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';
import { useTakenOver } from '../../../lib/taken-over';
import { toastLater as toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSendContact } from '../../../api/contact';

/**
 * The form's check (the contract's schema) and zod are loaded when the form is first checked
 * (on Send), not with the page: a reader who only reads the page does not download them.
 */
const resolver: typeof contactResolver = (...args) =>
  import('../contact-resolver').then((loaded) => loaded.contactResolver(...args));

/** Contact-form toasts sit at the top centre (product.md §9). */
const toastOptions: ToastOptions = { position: 'top-center' };

const fieldNames = ['FullName', 'email', 'phone', 'subject', 'message'] as const;
const emptyForm = { FullName: '', email: '', phone: '', subject: '', message: '' };

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
function validationMessage(errors: FieldErrors): string {
  const found = fieldNames
    .map((name) => errors[name]?.message)
    .filter((message): message is string => typeof message === 'string');
  return found.includes(messages.contactFieldsRequired)
    ? messages.contactFieldsRequired
    : (found[0] ?? messages.contactFieldsRequired);
}

/** The contact form: FullName, email, phone (optional), subject and message. */
export function ContactForm() {
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: emptyForm,
  });
  const sending = isSubmitting || send.isPending;
  // Not before the app has taken the prerendered page over: the tap would be lost. (What was
  // typed before then is kept: react-hook-form keeps a field edited before it was ready.)
  const takenOver = useTakenOver();
  // The error toasts of earlier tries (a box kept across renders, never drawn): a message sent
  // closes them, they no longer hold.
  const [errorToasts] = useState(() => new Set<string>());
  const showError = (message: string, toastId: string) => {
    errorToasts.add(toastId);
    toast.error(message, { ...toastOptions, toastId });
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const answer = await send.mutateAsync(values);
        toast.dismiss(errorToasts);
        errorToasts.clear();
        toast.success(answer?.message ?? messages.contactSent, toastOptions);
        reset(emptyForm);
      } catch (error) {
        applyFieldErrors(error, setError, fieldNames);
        const message = failureMessage(error);
        // One toast per sentence: the same failure again while it shows is not drawn twice.
        showError(message, `contact-failure-${message}`);
      }
    },
    (invalid) => {
      const message = validationMessage(invalid);
      showError(message, `contact-${message}`);
    },
  );

  const invalid = (name: (typeof fieldNames)[number]) => (errors[name] ? true : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={messages.contactForm}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={messages.fullName}
          autoComplete="name"
          required
          aria-invalid={invalid('FullName')}
          {...register('FullName')}
        />
        <TextField
          label={messages.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          aria-invalid={invalid('email')}
          {...register('email')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={messages.phoneOptional}
          type="tel"
          autoComplete="tel"
          aria-invalid={invalid('phone')}
          {...register('phone')}
        />
        <TextField
          label={messages.subject}
          required
          aria-invalid={invalid('subject')}
          {...register('subject')}
        />
      </div>
      <TextAreaField
        label={messages.message}
        rows={6}
        required
        aria-invalid={invalid('message')}
        {...register('message')}
      />
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
