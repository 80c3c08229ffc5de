import { israelDate } from '@shared/domain/israel-time';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { reports as heReports } from '@web/i18n/reports';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useState } from 'react';
import { useAgentProperties, useCreateShare } from './api';
import { ShareLink } from './share-link';
import { ShareList } from './share-list';

const t = heReports.share;
const DAY = 86_400_000;

/** 'Share with the seller': pick a property and a period, create a read-only link, send it, revoke old ones. */
export function SharePanel({ agentId }: { agentId: string }) {
  const properties = useAgentProperties(agentId);
  const create = useCreateShare(agentId);
  const [address, setAddress] = useState('');
  const [from, setFrom] = useState(() => israelDate(new Date(Date.now() - 27 * DAY)));
  const [to, setTo] = useState(() => israelDate());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ url: string; address: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!address) {
      setErrors({ address: heReports.chooseProperty });
      return;
    }
    setErrors({});
    create.mutate(
      { agentId, address, from, to },
      {
        onSuccess: (data) => {
          setCreated({ url: data.url, address });
          toast.success(t.created);
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          toast.error(t.createFailed);
          if (err instanceof ApiError) setErrors(err.fieldErrors);
        },
      },
    );
  };

  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="share-title" className="text-xl font-bold text-brand-900">
        {t.title}
      </h2>
      <p className="text-slate-700">{t.intro}</p>
      <form onSubmit={onSubmit} noValidate className="grid items-end gap-4 sm:grid-cols-[2fr_1fr_1fr_auto]">
        <SelectField
          label={heReports.property}
          value={address}
          error={errors.address}
          onChange={(e) => setAddress(e.target.value)}
        >
          <option value="">{heReports.chooseProperty}</option>
          {properties.data?.map((p) => (
            <option key={p._id} value={p.address}>
              {p.address}, {p.city}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t.from}
          type="date"
          value={from}
          max={to}
          error={errors.from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <FormField
          label={t.to}
          type="date"
          value={to}
          max={israelDate()}
          error={errors.to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.creating : t.create}
        </Button>
      </form>
      {created && <ShareLink url={created.url} address={created.address} />}
      <ShareList agentId={agentId} />
    </section>
  );
}
