import type { Branch, NamedGroup } from '@shared/schemas/branch';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { branches as texts } from '@web/i18n/branches';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useEffect, useId, useRef, useState } from 'react';
import { useCloseBranch, useClosePreview } from './api';

const t = texts.closeFlow;
const KINDS = ['people', 'listings', 'openLeads', 'contacts', 'goals'] as const;

function Group({ label, group }: { label: string; group: NamedGroup }) {
  const more = group.count - group.names.length;
  return (
    <li>
      <span className="font-semibold">{label}</span>
      {group.names.length > 0 && (
        <span className="text-slate-700">
          {': '}
          {group.names.map((n) => n.name).join('، ')}
          {more > 0 && ` ${t.andMore(more)}`}
        </span>
      )}
    </li>
  );
}

/**
 * "סגירת סניף" (network admins): shows what would move (the server's preview), asks for the open branch it
 * moves to, and closes the branch in one step (POST /branches/:id/close). A refusal is shown in the dialog in
 * the server's words.
 */
export function CloseBranchDialog({
  branch,
  branches,
  onClose,
}: {
  branch: Branch | undefined;
  branches: Branch[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const preview = useClosePreview(branch?._id);
  const close = useCloseBranch();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const targets = branches.filter((b) => b.active && b._id !== branch?._id);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (branch && !dialog.open) {
      setTarget('');
      setError({});
      dialog.showModal?.();
    }
    if (!branch && dialog.open) dialog.close();
  }, [branch]);

  const submit = () => {
    if (!branch) return;
    if (!target) {
      setError({ field: t.chooseTarget });
      return;
    }
    setError({});
    close.mutate(
      { id: branch._id, targetBranchId: target },
      {
        onSuccess: (result) => {
          toast.success(t.done(branch.name, result.target.name));
          onClose();
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          if (err instanceof ApiError)
            setError({
              field: err.fieldErrors.targetBranchId,
              form: err.fieldErrors.targetBranchId ? undefined : err.message,
            });
          else setError({ form: texts.saveFailed });
        },
      },
    );
  };

  const data = preview.data;
  const empty = data ? KINDS.every((kind) => data[kind].count === 0) : false;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      {branch && (
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
            {t.title(branch.name)}
          </h2>
          <p id={introId} className="text-slate-800">
            {t.intro}
          </p>
          <section aria-label={t.whatMoves} data-testid="close-preview">
            <h3 className="mb-1 font-semibold text-slate-900">{t.whatMoves}</h3>
            {preview.isPending ? (
              <StatusMessage busy>{t.loading}</StatusMessage>
            ) : preview.isError || !data ? (
              <StatusMessage>{t.loadFailure}</StatusMessage>
            ) : empty ? (
              <p className="text-slate-700">{t.nothing}</p>
            ) : (
              <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm">
                {KINDS.filter((kind) => data[kind].count > 0).map((kind) => (
                  <Group key={kind} label={t[kind](data[kind].count)} group={data[kind]} />
                ))}
              </ul>
            )}
          </section>
          {targets.length === 0 ? (
            <p role="alert" className="font-medium text-red-700">
              {t.noTarget}
            </p>
          ) : (
            <SelectField
              label={t.target}
              required
              value={target}
              error={error.field}
              onChange={(e) => setTarget(e.target.value)}
              options={[{ value: '', label: '—' }, ...targets.map((b) => ({ value: b._id, label: b.name }))]}
            />
          )}
          {error.form && (
            <p role="alert" className="font-medium text-red-700">
              {error.form}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {he.common.cancel}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={close.isPending || targets.length === 0 || !data}
            >
              {close.isPending ? t.closing : t.confirm}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
