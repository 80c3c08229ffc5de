import { formatDate, formatTime } from '@shared/domain/israel-time';
import type { ViewingOutcome } from '@shared/schemas/viewing-outcome';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { viewingRecordTexts as t } from '@web/i18n/viewing-record';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';
import { ViewingOutcomeForm } from './viewing-outcome';

type LeadViewing = {
  _id: string;
  status: string;
  startsAt: string;
  address: string;
  city: string;
  outcome: ViewingOutcome | null;
};
type AgentProperty = { _id: string; address: string; city: string };

const viewingsKey = (leadId: string) => ['viewings', 'lead', leadId] as const;
const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatDate(at)} ${formatTime(at)}`;
};

/** The properties a viewing may be recorded on: the agent's own (an admin: the lead owner's). */
function useAgentProperties(agentId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['property', 'mine', agentId],
    enabled: enabled && !!agentId,
    queryFn: async () =>
      (
        await apiRequest<{ data: { data: AgentProperty[] } }>(
          `/property/getMyProperties/${encodeURIComponent(agentId ?? '')}`,
        )
      ).data.data,
  });
}

/**
 * "רישום ביקור": a viewing the agent arranged by phone (docs/viewings.md, "Recorded by staff"): the property,
 * the date and time (up to 14 days back, or ahead), and its length; the server's field messages stay on the
 * fields.
 */
export function RecordViewingForm({
  leadId,
  agentId,
  onSaved,
}: {
  leadId: string;
  agentId: string | null;
  onSaved?: () => void;
}) {
  const properties = useAgentProperties(agentId, true);
  const [propertyId, setPropertyId] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [minutes, setMinutes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      apiRequest<{ data: { viewing: { startsAt: string } } }>('/viewings', {
        method: 'POST',
        body: { propertyId, leadId, startsAt, ...(minutes.trim() ? { minutes: Number(minutes) } : {}) },
      }),
    onSuccess: (r) => {
      setErrors({});
      toast.success(new Date(r.data.viewing.startsAt).getTime() > Date.now() ? t.savedAhead : t.saved);
      onSaved?.();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return void toast.error(t.failure);
      setErrors(err.fieldErrors);
      toast.error(err.message || t.failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const list = properties.data ?? [];
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t.formTitle}
      className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3"
    >
      <SelectField
        label={t.property}
        value={propertyId}
        error={errors.propertyId}
        onChange={(e) => setPropertyId(e.target.value)}
        required
      >
        <option value="">{t.chooseProperty}</option>
        {list.map((p) => (
          <option key={p._id} value={p._id}>
            {p.address}, {p.city}
          </option>
        ))}
      </SelectField>
      {properties.isSuccess && list.length === 0 && (
        <p className="text-sm text-slate-700">{t.noProperties}</p>
      )}
      <FormField
        label={t.startsAt}
        type="datetime-local"
        value={startsAt}
        error={errors.startsAt}
        onChange={(e) => setStartsAt(e.target.value)}
        required
      />
      <p className="text-sm text-slate-700">{t.startsAtHint}</p>
      <FormField
        label={t.minutes}
        type="number"
        inputMode="numeric"
        min={10}
        max={240}
        step={5}
        value={minutes}
        placeholder={t.minutesDefault}
        error={errors.minutes}
        onChange={(e) => setMinutes(e.target.value)}
      />
      {errors.leadId && <p className="text-sm text-red-800">{errors.leadId}</p>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The lead's viewings: each with its time and property; one whose start has passed and that waits for its
 * outcome asks at once how it went. The "רישום ביקור" button opens the form to record one arranged by phone.
 */
export function LeadViewings({ leadId, agentId }: { leadId: string; agentId: string | null }) {
  const ids = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: viewingsKey(leadId),
    queryFn: async () =>
      (
        await apiRequest<{ data: { viewings: LeadViewing[] } }>(
          `/viewings?leadId=${encodeURIComponent(leadId)}`,
        )
      ).data.viewings,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['viewings'] });
  const now = Date.now();
  const items = list.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {list.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : items.length === 0 ? (
        <p className="text-slate-600">{list.isPending ? '' : t.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((v) => (
            <li key={v._id} className="flex flex-col gap-2">
              <p className="font-semibold">
                {when(v.startsAt)} · {v.address}, {v.city} · {t.status[v.status] ?? v.status}
              </p>
              {new Date(v.startsAt).getTime() <= now && (v.status === 'confirmed' || v.outcome) && (
                <ViewingOutcomeForm viewingId={v._id} outcome={v.outcome} onSaved={refresh} />
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          aria-expanded={open}
          aria-controls={`${ids}-form`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t.close : t.open}
        </Button>
      </div>
      <div id={`${ids}-form`} hidden={!open}>
        {open && (
          <RecordViewingForm
            leadId={leadId}
            agentId={agentId}
            onSaved={() => {
              setOpen(false);
              void refresh();
            }}
          />
        )}
      </div>
    </div>
  );
}
