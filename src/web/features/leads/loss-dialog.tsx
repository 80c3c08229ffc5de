import { LOSS_REASON_LABELS, LOSS_REASONS, type LossReason } from '@shared/domain/pipeline';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { pipeline } from '@web/i18n/pipeline';
import { useEffect, useId, useRef, useState } from 'react';

const t = pipeline;

export type LossChoice = { lossReason: LossReason; lossText?: string };

/**
 * Moving a lead to "לא רלוונטי" asks why: a reason from the list, and for "אחר" a text (native <dialog>: the focus
 * stays inside and Escape cancels).
 */
export function LossDialog({
  name,
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  open: boolean;
  busy?: boolean;
  onConfirm: (choice: LossChoice) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<LossReason | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setText('');
      setErrors({});
      dialog.showModal?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const submit = () => {
    const next = {
      reason: reason ? undefined : PIPELINE_MESSAGES.lossReasonRequired,
      text: reason === 'other' && !text.trim() ? PIPELINE_MESSAGES.lossTextRequired : undefined,
    };
    setErrors(next);
    if (next.reason || next.text || !reason) return;
    onConfirm(reason === 'other' ? { lossReason: reason, lossText: text.trim() } : { lossReason: reason });
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4"
      >
        <h2 id={titleId} className="text-lg font-bold text-brand-900">
          {t.lost.title(name)}
        </h2>
        <SelectField
          label={t.lost.reason}
          required
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value as LossReason | '')}
          options={[
            { value: '', label: '—' },
            ...LOSS_REASONS.map((r) => ({ value: r, label: LOSS_REASON_LABELS[r] })),
          ]}
        />
        {reason === 'other' && (
          <FormField
            label={t.lost.text}
            required
            value={text}
            maxLength={500}
            error={errors.text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            {t.common.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {t.lost.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
