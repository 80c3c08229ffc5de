import { ORDER_STATUS_LABELS } from '@shared/domain/brokerage-order';
import { MARKETING_ACTION_LABELS } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import type { Exclusivity } from '@shared/schemas/exclusivities';
import { Button } from '@web/components/button';
import { ExclusivityForm } from '@web/components/exclusivity-form';
import { FormField } from '@web/components/form-field';
import { OrderSendStep } from '@web/components/order-send-step';
import { SelectField } from '@web/components/select-field';
import { exclusivity as t } from '@web/i18n/exclusivity';
import { orders } from '@web/i18n/orders';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useExclusivities, useLogAction } from '@web/lib/exclusivities-api';
import { formatDate } from '@web/lib/format';
import { type SentOrder, useOrderDraft, useSendOrder } from '@web/lib/orders-api';
import { toast } from '@web/lib/toast';
import { useState } from 'react';

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/** Logs a marketing action done: the date, one of the committed actions, a note and an evidence link. */
function LogActionForm({ item, onDone }: { item: Exclusivity; onDone: () => void }) {
  const log = useLogAction();
  const [values, setValues] = useState({
    date: israelDate(),
    action: item.marketingActions[0] ?? '',
    note: '',
    evidenceUrl: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    log.mutate(
      { id: item._id, body: values },
      {
        onSuccess: () => {
          toast.success(t.log.saved);
          onDone();
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          if (err instanceof ApiError) setErrors(err.fieldErrors);
          toast.error(err instanceof ApiError ? err.message : t.log.failed);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-testid="exclusivity-log-form">
      <FormField
        label={t.log.date}
        type="date"
        required
        value={values.date}
        onChange={set('date')}
        error={errors.date}
      />
      <SelectField
        label={t.log.action}
        required
        value={values.action}
        onChange={set('action')}
        error={errors.action}
        options={item.marketingActions.map((a) => ({ value: a, label: MARKETING_ACTION_LABELS[a] }))}
      />
      <FormField label={t.log.note} value={values.note} onChange={set('note')} error={errors.note} />
      <FormField
        label={t.log.evidenceUrl}
        type="url"
        dir="ltr"
        value={values.evidenceUrl}
        onChange={set('evidenceUrl')}
        error={errors.evidenceUrl}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={log.isPending}>
          {t.log.submit}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

function ExclusivityItem({
  item,
  onSent,
  onCorrect,
}: {
  item: Exclusivity;
  onSent: (sent: SentOrder) => void;
  onCorrect: (item: Exclusivity) => void;
}) {
  const [logging, setLogging] = useState(false);
  const send = useSendOrder();
  const resendable = item.status !== 'signed' && item.status !== 'revoked';
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="exclusivity-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{item.clientName}</span>
        <span
          className="rounded-full bg-slate-100 px-2 text-sm font-semibold text-slate-900"
          data-testid="exclusivity-status"
        >
          {item.sentAt || item.status !== 'sent' ? ORDER_STATUS_LABELS[item.status] : t.notSentYet}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t.term(day(item.termStart), day(item.termEnd))}</p>
      {item.status === 'signed' && <p className="font-medium">{t.endsOn(day(item.termEnd))}</p>}
      {item.noActionWarning && (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-2 font-medium text-amber-900"
          data-testid="exclusivity-warning"
        >
          {t.noActionWarning}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {t.committed}: {item.marketingActions.map((a) => MARKETING_ACTION_LABELS[a]).join(' · ')}
      </p>
      {item.status === 'signed' && (
        <>
          <h4 className="font-semibold">{t.done}</h4>
          {item.actions.length === 0 ? (
            <p className="text-slate-700">{t.noneDone}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-testid="exclusivity-actions">
              {item.actions.map((a) => (
                <li key={a._id}>
                  {day(a.date)} · {MARKETING_ACTION_LABELS[a.action]}
                  {a.note ? ` · ${a.note}` : ''}
                  {a.evidenceUrl && (
                    <>
                      {' · '}
                      <a href={a.evidenceUrl} target="_blank" rel="noopener noreferrer" className="underline">
                        {t.evidence}
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {logging ? (
            <LogActionForm item={item} onDone={() => setLogging(false)} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setLogging(true)}>
                {t.log.open}
              </Button>
              <Button
                variant="secondary"
                aria-label={t.correctLabel(item.clientName)}
                onClick={() => onCorrect(item)}
              >
                {t.correct}
              </Button>
            </div>
          )}
        </>
      )}
      {resendable && item.sentAt && (
        <Button
          variant="secondary"
          className="self-start"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(item._id, {
              onSuccess: onSent,
              onError: (err) => {
                if (isSessionEnd(err)) return;
                toast.error(err instanceof ApiError ? err.message : t.failed);
              },
            })
          }
        >
          {orders.sendAgain}
        </Button>
      )}
    </li>
  );
}

/** 'בלעדיות' on the staff property view: the property's exclusivities, their state and actions, a new one. */
export function ExclusivitySection({ propertyId }: { propertyId: string }) {
  const list = useExclusivities(propertyId);
  const [creating, setCreating] = useState(false);
  const [replacing, setReplacing] = useState<Exclusivity | undefined>(undefined);
  const [sent, setSent] = useState<SentOrder | null>(null);
  const draft = useOrderDraft({ propertyId }, creating);
  const close = () => {
    setCreating(false);
    setReplacing(undefined);
  };
  const onSent = (result: SentOrder) => {
    close();
    setSent(result);
  };
  const onCorrect = (item: Exclusivity) => {
    setSent(null);
    setReplacing(item);
    setCreating(true);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="exclusivity-section">
      {list.isPending ? (
        <p role="status">{t.loading}</p>
      ) : list.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{t.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.map((item) => (
            <ExclusivityItem key={item._id} item={item} onSent={onSent} onCorrect={onCorrect} />
          ))}
        </ul>
      )}
      {sent && <OrderSendStep sent={sent} onDone={() => setSent(null)} />}
      {creating ? (
        draft.isPending ? (
          <p role="status">{t.loading}</p>
        ) : draft.isError ? (
          <p role="alert">{t.loadFailure}</p>
        ) : (
          <ExclusivityForm
            key={replacing?._id ?? 'new'}
            draft={draft.data}
            {...(replacing ? { replaces: replacing } : {})}
            onSent={onSent}
            onCancel={close}
          />
        )
      ) : (
        !sent && (
          <Button className="self-start" onClick={() => setCreating(true)}>
            {t.create}
          </Button>
        )
      )}
    </div>
  );
}

/**
 * The section with its heading, for the staff property view: loaded lazily as a whole, so a visitor's property
 * page carries none of its code or texts.
 */
export function ExclusivityPanel({ propertyId }: { propertyId: string }) {
  return (
    <section
      aria-labelledby="exclusivity-title"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="exclusivity-title" className="mb-3 text-xl font-bold">
        {t.title}
      </h2>
      <ExclusivitySection propertyId={propertyId} />
    </section>
  );
}
