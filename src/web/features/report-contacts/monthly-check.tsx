import { israelDate } from '@shared/domain/israel-time';
import { monthSchema } from '@shared/schemas/report-contact';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { reports as heReports } from '@web/i18n/reports';
import { toast } from '@web/lib/toast';
import { type FormEvent, useEffect, useState } from 'react';
import { type MonthlyQuery, refusalOf, useAgentProperties, useMonthlyReport } from './api';
import { MonthlyResult } from './statuses-table';

const t = heReports;

/** The agent's monthly check: a month and optionally one property, against the 4 reports expected. */
export function MonthlyCheck({ agentId }: { agentId: string }) {
  const properties = useAgentProperties(agentId);
  const [month, setMonth] = useState(() => israelDate().slice(0, 7));
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState<MonthlyQuery | null>(null);
  const result = useMonthlyReport(query);
  const refusal = refusalOf(result.error);

  // A refusal is said on the month field; only a failure without a reason gets the general toast.
  useEffect(() => {
    if (result.isError && !refusalOf(result.error)) toast.error(t.monthlyFailed);
  }, [result.isError, result.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = monthSchema.safeParse(month);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      setQuery(null);
      return;
    }
    setError(undefined);
    setQuery({ agentId, month: parsed.data, address });
  };

  return (
    <section
      aria-labelledby="monthly-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
    >
      <h2 id="monthly-title" className="text-xl font-bold text-brand-900">
        {t.monthlyTitle}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid items-end gap-4 sm:grid-cols-[1fr_2fr_auto]">
        <FormField
          label={t.month}
          type="month"
          value={month}
          max={israelDate().slice(0, 7)}
          error={error ?? refusal}
          onChange={(e) => setMonth(e.target.value)}
        />
        <SelectField label={t.property} value={address} onChange={(e) => setAddress(e.target.value)}>
          <option value="">{t.anyProperty}</option>
          {properties.data?.map((p) => (
            <option key={p._id} value={p.address}>
              {p.address}, {p.city}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={result.isFetching}>
          {result.isFetching ? t.checking : t.check}
        </Button>
      </form>
      {result.isFetching && !result.data && <StatusMessage busy>{he.common.loading}</StatusMessage>}
      {result.data && <MonthlyResult report={result.data} />}
    </section>
  );
}
