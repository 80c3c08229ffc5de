import { israelDate } from '@shared/domain/israel-time';
import { monthSchema } from '@shared/schemas/report-contact';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { reports as heReports } from '@web/i18n/reports';
import { toast } from '@web/lib/toast';
import { useAgentUsers } from '@web/lib/users';
import { type FormEvent, useEffect, useState } from 'react';
import { type MonthlyQuery, refusalOf, useAgentProperties, useMonthlyReport } from './api';
import { MonthlyResult } from './statuses-table';

const t = heReports;

/** /AdminReportView: an admin picks an agent, a property, a month and a year and checks the reports. */
export function AdminReportViewPage() {
  const [today] = useState(() => israelDate());
  const currentYear = Number(today.slice(0, 4));
  const agents = useAgentUsers();
  const [agentId, setAgentId] = useState('');
  const properties = useAgentProperties(agentId);
  const [address, setAddress] = useState('');
  const [month, setMonth] = useState(Number(today.slice(5, 7)));
  const [year, setYear] = useState(currentYear);
  const [query, setQuery] = useState<MonthlyQuery | null>(null);
  const [error, setError] = useState<string>();
  const result = useMonthlyReport(query);
  const refusal = query ? refusalOf(result.error) : undefined;

  // A refusal is said on the month field; only a failure without a reason gets the general toast.
  useEffect(() => {
    if (result.isError && !refusalOf(result.error)) toast.error(t.monthlyFailed);
  }, [result.isError, result.error]);

  // SPEC section 4: choosing an agent loads its properties and clears the property and the results.
  const chooseAgent = (id: string) => {
    setAgentId(id);
    setAddress('');
    setQuery(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) return;
    // A month that has not started has no reports to check: said here, as the server would say it.
    const parsed = monthSchema.safeParse(`${year}-${String(month).padStart(2, '0')}`);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      setQuery(null);
      return;
    }
    setError(undefined);
    setQuery({ agentId, month: parsed.data, address });
  };

  return (
    <Page title={t.adminTitle} wide>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mb-6 grid items-end gap-4 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-[2fr_2fr_1fr_1fr_auto]"
      >
        <SelectField label={t.agent} value={agentId} onChange={(e) => chooseAgent(e.target.value)}>
          <option value="">{t.chooseAgent}</option>
          {agents.data?.map((a) => (
            <option key={a._id} value={a._id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.property}
          value={address}
          disabled={!agentId}
          onChange={(e) => setAddress(e.target.value)}
        >
          <option value="">{t.anyProperty}</option>
          {properties.data?.map((p) => (
            <option key={p._id} value={p.address}>
              {p.address}, {p.city}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.month}
          value={month}
          error={error ?? refusal}
          onChange={(e) => setMonth(Number(e.target.value))}
        >
          {t.months.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t.year} value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {Array.from({ length: 5 }, (_, i) => currentYear - i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!agentId || result.isFetching}>
          {result.isFetching ? t.checking : t.check}
        </Button>
      </form>
      {agents.isLoading && <StatusMessage busy>{he.common.loading}</StatusMessage>}
      {!query && !agents.isLoading && <p className="text-slate-600">{t.adminHint}</p>}
      {query && result.isFetching && !result.data && <StatusMessage busy>{he.common.loading}</StatusMessage>}
      {query && result.data && (
        <section className="rounded-2xl bg-white p-6 shadow-sm">
          <MonthlyResult report={result.data} />
        </section>
      )}
    </Page>
  );
}
