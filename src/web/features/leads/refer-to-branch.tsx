import { Button } from '@web/components/button';
import { FormDialog } from '@web/components/form-dialog';
import { NumberField } from '@web/components/number-field';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { TextAreaField } from '@web/components/text-area-field';
import { referrals as t } from '@web/i18n/referrals';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useReferLead, useReferralOptions } from '@web/lib/referrals-api';
import { toast } from '@web/lib/toast';
import { Send } from 'lucide-react';
import { useState } from 'react';

type Errors = Partial<Record<'toBranchId' | 'feePercent' | 'note', string>>;

/**
 * The lead page's "הפניה לסניף": a dialog with the receiving branch, the referral fee (the network's default,
 * editable) and a note. The server checks who may refer and answers field messages in Hebrew.
 */
export function ReferToBranch({ leadId, leadName }: { leadId: string; leadName: string }) {
  const [open, setOpen] = useState(false);
  const options = useReferralOptions(open);
  const refer = useReferLead();
  const [toBranchId, setToBranchId] = useState('');
  const [fee, setFee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const feeValue = fee ?? (options.data ? String(options.data.defaultFeePercent) : '');
  const close = () => {
    setOpen(false);
    setErrors({});
  };
  const submit = () => {
    if (!toBranchId) {
      setErrors({ toBranchId: t.chooseBranchError });
      return;
    }
    setErrors({});
    refer.mutate(
      { leadId, body: { toBranchId, feePercent: feeValue, note } },
      {
        onSuccess: (referral) => {
          toast.success(t.sent(referral.toBranch.name));
          setOpen(false);
          setToBranchId('');
          setFee(null);
          setNote('');
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
          else toast.error(err instanceof ApiError ? err.message : t.sendFailed);
        },
      },
    );
  };
  const branches = options.data?.branches ?? [];
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="self-start">
        <Send aria-hidden="true" size={16} />
        {t.action}
      </Button>
      <FormDialog
        open={open}
        title={t.dialogTitle(leadName)}
        submitLabel={t.send}
        busyLabel={t.sending}
        busy={refer.isPending}
        onSubmit={submit}
        onCancel={close}
      >
        {/* Loaded when opened: the closed dialog says nothing (and nothing in it is busy). */}
        {!open ? null : options.isPending ? (
          <StatusMessage busy>{t.optionsLoading}</StatusMessage>
        ) : options.isError ? (
          <StatusMessage>{t.optionsFailure}</StatusMessage>
        ) : branches.length === 0 ? (
          <StatusMessage>{t.noBranches}</StatusMessage>
        ) : (
          <>
            <SelectField
              label={t.branch}
              required
              value={toBranchId}
              error={errors.toBranchId}
              onChange={(e) => setToBranchId(e.target.value)}
              options={[
                { value: '', label: t.chooseBranch },
                ...branches.map((b) => ({ value: b._id, label: b.name })),
              ]}
            />
            <NumberField
              label={t.feePercent}
              integer
              max={100}
              dir="ltr"
              value={feeValue}
              error={errors.feePercent}
              onChange={(e) => setFee(e.target.value)}
            />
            <TextAreaField
              label={t.noteLabel}
              rows={3}
              maxLength={1000}
              value={note}
              error={errors.note}
              onChange={(e) => setNote(e.target.value)}
            />
          </>
        )}
      </FormDialog>
    </>
  );
}
