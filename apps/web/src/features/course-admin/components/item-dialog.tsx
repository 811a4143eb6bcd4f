import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../../components/modal';
import { useItemPlans } from '../hooks/use-item-plans';
import type { ItemTarget } from '../hooks/use-item-plans';
import { ItemForm } from './item-form';

/**
 * The lesson and sub-lesson form in a dialog, to add an item or edit one. While a video uploads
 * the dialog stays open (Escape, the backdrop and Cancel do nothing until it ends).
 */
export function ItemDialog({
  courseId,
  target,
  onClose,
}: {
  courseId: string;
  target: ItemTarget | null;
  onClose: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  const plans = useItemPlans(courseId);
  const plan = target ? plans(target) : null;
  const close = () => {
    if (!uploading) onClose();
  };
  return (
    <Modal
      open={plan !== null}
      onClose={close}
      busy={uploading}
      size="lg"
      title={plan?.title ?? ''}
    >
      {plan && (
        <ItemForm
          key={plan.draftKey}
          kind={plan.kind}
          draftKey={plan.draftKey}
          initial={plan.initial}
          onBusyChange={setUploading}
          onCancel={close}
          submit={plan.submit}
          onSaved={() => {
            setUploading(false);
            onClose();
            toast.success(plan.saved);
          }}
        />
      )}
    </Modal>
  );
}
