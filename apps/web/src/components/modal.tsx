import { messages } from '@ishuri/contract';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

/** What can take the first focus: fields, buttons and links. */
const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** What Tab goes through (a frame too, but it never takes the first focus: keys typed in it
 * would not reach the dialog, so Escape would not close it). */
const FOCUSABLE = `${CONTROLS}, iframe`;

interface ModalProps {
  open: boolean;
  /** Escape, the close button, a click on the backdrop. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** `alertdialog` for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** While something runs, Escape and the backdrop do not close it. */
  busy?: boolean;
  /**
   * Back closes the dialog (an entry of the browser's history per open dialog); false for a
   * question asked while the router holds a move back (leave-guard.tsx).
   */
  closesOnBack?: boolean;
}

/**
 * Back closes the open dialog (issue 32, point 2): each open dialog adds an entry to the
 * browser's history at the same address (the router's own state kept, so the router sees no
 * move); Back takes it away and closes the top dialog. A dialog closed otherwise takes its entry
 * back itself, unless the page moved on meanwhile (then the entry stays, at the same address).
 */
const openDialogs: { id: string; back: () => void }[] = [];
/** Our own `history.back()`s on their way: their popstate closes nothing. */
let ownPops = 0;
const DIALOG_STATE = 'ishuriDialog';

function onPopState() {
  if (ownPops > 0) {
    ownPops -= 1;
    return;
  }
  openDialogs[openDialogs.length - 1]?.back();
}

let listening = false;

function pushDialogEntry(id: string) {
  if (!listening) {
    // One listener for the page's life: it also swallows our own Back after the last dialog.
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  window.history.pushState({ ...(window.history.state as object), [DIALOG_STATE]: id }, '');
}

function useBackCloses(open: boolean, enabled: boolean, close: () => void, busy: boolean) {
  const id = useId();
  const latest = useRef({ close, busy });
  useEffect(() => {
    latest.current = { close, busy };
  });
  useEffect(() => {
    if (!open || !enabled) return;
    pushDialogEntry(id);
    const entry = {
      id,
      back: () => {
        // A dialog that is busy stays open: its entry comes back.
        if (latest.current.busy) pushDialogEntry(id);
        else latest.current.close();
      },
    };
    openDialogs.push(entry);
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      const state = window.history.state as Record<string, unknown> | null;
      if (state?.[DIALOG_STATE] === id) {
        ownPops += 1;
        window.history.back();
      }
    };
  }, [open, enabled, id]);
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

/**
 * An accessible modal dialog on the native `<dialog>` (the rest of the page is inert while it is
 * open): labelled by its title, the focus kept inside (Tab and Shift+Tab wrap), Escape closes it,
 * and the focus goes back to where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  size = 'md',
  busy = false,
  closesOnBack = true,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useBackCloses(open, closesOnBack, onClose, busy);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    // The element marked `data-autofocus`, else the first field or button of the content, else
    // the close button.
    const target =
      element.querySelector<HTMLElement>('[data-autofocus]') ??
      element.querySelector<HTMLElement>(`[data-dialog-body] :is(${CONTROLS})`) ??
      element.querySelector<HTMLElement>(CONTROLS);
    target?.focus();
    return () => {
      if (element.open) element.close();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the dialog's state belongs to the screen, which closes it.
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (a repeated Escape): keep the screen's state in step.
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/60',
        widths[size],
      )}
    >
      <div className="flex max-h-[90vh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{messages.close}</span>
          </button>
        </div>
        <div data-dialog-body className="space-y-4 overflow-y-auto px-5 py-4">
          {description && (
            <div id={descriptionId} className="text-slate-700">
              {description}
            </div>
          )}
          {children}
        </div>
        {footer && (
          <div
            data-dialog-body
            className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-4"
          >
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Runs the action; the dialog shows it busy until it settles. */
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** "Are you sure?" before a delete: the focus starts on Cancel, the safe answer. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = messages.delete2,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      size="sm"
      busy={busy}
      description={message}
      footer={
        <>
          <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
            {messages.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
