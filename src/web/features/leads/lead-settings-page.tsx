import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { ROUTING_RULE_LABELS, ROUTING_RULES, type RoutingRule } from '@shared/domain/routing';
import type { Availability, LeadSettings } from '@shared/schemas/lead-settings';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { ScrollRegion } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { pipeline } from '@web/i18n/pipeline';
import { ApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useAgentUsers } from '@web/lib/users';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useAvailability, useLeadSettings, useSaveLeadSettings, useUpdateAvailability } from './pipeline-api';
import { showError } from './show-error';

const t = pipeline.settings;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /LeadSettings (admin): the routing rules' order, the sellers' city agents, the response target and hours. */
export function LeadSettingsPage() {
  const settings = useLeadSettings();
  return (
    <Page title={t.title} wide>
      {settings.isPending ? (
        <StatusMessage busy>{pipeline.common.loading}</StatusMessage>
      ) : settings.isError ? (
        <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>
      ) : (
        <div className="flex flex-col gap-6">
          <SettingsForm initial={settings.data} />
          <Section title={t.agents}>
            <AgentsAvailability />
          </Section>
        </div>
      )}
    </Page>
  );
}

/** The rules in use, in order, followed by the ones switched off (in their default order). */
const orderedRules = (rules: RoutingRule[]) => [...rules, ...ROUTING_RULES.filter((r) => !rules.includes(r))];

function SettingsForm({ initial }: { initial: LeadSettings }) {
  // The routing rules are the network's (PUT /pipeline/settings is for network admins, docs/decisions/0033):
  // a branch manager reads them here and sets her agents' availability below.
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const save = useSaveLeadSettings();
  const agents = useAgentUsers();
  const [order, setOrder] = useState<RoutingRule[]>(orderedRules(initial.rules));
  const [enabled, setEnabled] = useState<Set<RoutingRule>>(new Set(initial.rules));
  const [cities, setCities] = useState(initial.cityAgents);
  const [sla, setSla] = useState(String(initial.slaMinutes));
  const [opens, setOpens] = useState(initial.officeHours.opens);
  const [closes, setCloses] = useState(initial.officeHours.closes);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const shift = (index: number, by: number) =>
    setOrder((list) => {
      const next = [...list];
      const [rule] = next.splice(index, 1);
      next.splice(index + by, 0, rule!);
      return next;
    });

  const submit = () => {
    setErrors({});
    const body: LeadSettings = {
      rules: order.filter((r) => enabled.has(r)),
      cityAgents: cities.filter((c) => c.city.trim() !== '' || c.agentId !== ''),
      slaMinutes: Number(sla),
      officeHours: { opens, closes },
    };
    save.mutate(body, {
      onSuccess: () => toast.success(t.saved),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        showError(err, pipeline.common.saveFailed);
      },
    });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {!network && <p className="rounded-lg bg-brand-50 p-3 text-brand-900">{t.networkOnly}</p>}
      <fieldset disabled={!network} className="flex min-w-0 flex-col gap-6">
        <Section title={t.rules}>
          <p className="text-slate-700">{t.rulesHint}</p>
          <ol className="flex flex-col gap-2">
            {order.map((rule, index) => (
              <li
                key={rule}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2"
              >
                <span className="w-6 text-center font-bold text-brand-900">{index + 1}</span>
                <CheckboxField
                  label={ROUTING_RULE_LABELS[rule]}
                  checked={enabled.has(rule)}
                  onChange={(e) =>
                    setEnabled((set) => {
                      const next = new Set(set);
                      if (e.target.checked) next.add(rule);
                      else next.delete(rule);
                      return next;
                    })
                  }
                  className="flex-1"
                />
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  aria-label={t.up(ROUTING_RULE_LABELS[rule])}
                  disabled={index === 0}
                  onClick={() => shift(index, -1)}
                >
                  <ArrowUp aria-hidden="true" size={16} />
                </Button>
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  aria-label={t.down(ROUTING_RULE_LABELS[rule])}
                  disabled={index === order.length - 1}
                  onClick={() => shift(index, 1)}
                >
                  <ArrowDown aria-hidden="true" size={16} />
                </Button>
              </li>
            ))}
          </ol>
          <p className="text-slate-700">{t.fallback(ROUTING_RULE_LABELS.fallback)}</p>
          {errors.rules && <p className="text-sm text-red-700">{errors.rules}</p>}
        </Section>
        <Section title={t.sla}>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField
              label={t.sla}
              type="number"
              inputMode="numeric"
              min={1}
              max={480}
              value={sla}
              error={errors.slaMinutes}
              onChange={(e) => setSla(e.target.value)}
            />
            <FormField
              label={t.opens}
              type="time"
              value={opens}
              error={errors['officeHours.opens']}
              onChange={(e) => setOpens(e.target.value)}
            />
            <FormField
              label={t.closes}
              type="time"
              value={closes}
              error={errors['officeHours.closes']}
              onChange={(e) => setCloses(e.target.value)}
            />
          </div>
          <p className="text-sm text-slate-700">{t.hoursHint}</p>
        </Section>
        <Section title={t.cities}>
          <ul className="flex flex-col gap-2">
            {cities.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
              <li key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <FormField
                  label={t.city}
                  value={row.city}
                  maxLength={80}
                  error={errors[`cityAgents.${index}.city`]}
                  onChange={(e) =>
                    setCities((list) =>
                      list.map((c, i) => (i === index ? { ...c, city: e.target.value } : c)),
                    )
                  }
                />
                <SelectField
                  label={t.agent}
                  value={row.agentId}
                  error={errors[`cityAgents.${index}.agentId`]}
                  onChange={(e) =>
                    setCities((list) =>
                      list.map((c, i) => (i === index ? { ...c, agentId: e.target.value } : c)),
                    )
                  }
                  options={[
                    { value: '', label: '—' },
                    ...(agents.data ?? []).map((a) => ({ value: a._id, label: a.name })),
                  ]}
                />
                <Button
                  variant="secondary"
                  aria-label={t.removeCity(row.city)}
                  onClick={() => setCities((list) => list.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" size={16} />
                </Button>
              </li>
            ))}
          </ul>
          {errors.cityAgents && <p className="text-sm text-red-700">{errors.cityAgents}</p>}
          <div>
            <Button
              variant="secondary"
              onClick={() => setCities((list) => [...list, { city: '', agentId: '' }])}
            >
              {t.addCity}
            </Button>
          </div>
        </Section>
      </fieldset>
      {network && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? pipeline.common.saving : t.save}
          </Button>
        </div>
      )}
    </form>
  );
}

function AgentsAvailability() {
  const agents = useAvailability();
  if (agents.isPending) return <StatusMessage busy>{pipeline.common.loading}</StatusMessage>;
  if (agents.isError) return <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>;
  return (
    <ScrollRegion label={t.agentsTable} className="">
      <table className="cards-on-phone w-full text-start text-sm">
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {[t.name, t.state, t.takesLeads, t.leaveFrom, t.leaveUntil, t.actions].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {agents.data.map((row) => (
            <AgentRow key={row.agent._id} row={row} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function AgentRow({ row }: { row: Availability }) {
  const update = useUpdateAvailability();
  const [takesLeads, setTakesLeads] = useState(row.takesLeads);
  const [from, setFrom] = useState(row.leaveFrom ?? '');
  const [until, setUntil] = useState(row.leaveUntil ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = row.agent.name;
  const state = [
    row.inRoundRobin ? t.inRoundRobin : t.notInRoundRobin,
    row.onLeave && t.onLeave,
    row.nextInRoundRobin && t.next,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <tr className="border-t border-slate-100">
      <td data-label={t.name} className="px-3 py-2 font-medium">
        {name}
      </td>
      <td data-label={t.state} className="px-3 py-2">
        {state}
      </td>
      <td data-label={t.takesLeads} className="px-3 py-2">
        <CheckboxField
          label={t.takesLeadsLabel(name)}
          checked={takesLeads}
          onChange={(e) => setTakesLeads(e.target.checked)}
        />
      </td>
      <td data-label={t.leaveFrom} className="px-3 py-2">
        <input
          type="date"
          aria-label={t.leaveFromLabel(name)}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-300 px-2"
        />
        {errors.leaveFrom && <p className="text-sm text-red-700">{errors.leaveFrom}</p>}
      </td>
      <td data-label={t.leaveUntil} className="px-3 py-2">
        <input
          type="date"
          aria-label={t.leaveUntilLabel(name)}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-300 px-2"
        />
        {errors.leaveUntil && <p className="text-sm text-red-700">{errors.leaveUntil}</p>}
      </td>
      <td data-label={t.actions} className="px-3 py-2">
        <Button
          variant="secondary"
          aria-label={t.saveAgent(name)}
          disabled={update.isPending}
          onClick={() => {
            setErrors({});
            update.mutate(
              { id: row.agent._id, body: { takesLeads, leaveFrom: from || null, leaveUntil: until || null } },
              {
                onSuccess: () => toast.success(t.agentSaved(name)),
                onError: (err) => {
                  if (err instanceof ApiError) setErrors(err.fieldErrors);
                  showError(err, pipeline.common.saveFailed);
                },
              },
            );
          }}
        >
          {pipeline.common.save}
        </Button>
      </td>
    </tr>
  );
}
