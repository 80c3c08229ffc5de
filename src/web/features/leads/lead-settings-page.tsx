import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { ROUTING_RULE_LABELS, ROUTING_RULES, type RoutingRule } from '@shared/domain/routing';
import type {
  Availability,
  BranchLeadSettings,
  BranchLeadSettingsBody,
  LeadSettings,
} from '@shared/schemas/lead-settings';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { ScrollRegion } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { pipeline } from '@web/i18n/pipeline';
import { ApiError } from '@web/lib/api-client';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useAgentUsers } from '@web/lib/users';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  useAvailability,
  useBranchLeadSettings,
  useLeadSettings,
  useSaveBranchLeadSettings,
  useSaveLeadSettings,
  useUpdateAvailability,
} from './pipeline-api';
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

/**
 * /LeadSettings (admin): the routing rules' order, the sellers' city agents, the response target and hours.
 * A network admin sets the network's (every branch inherits them) or chooses a branch; a branch manager sets
 * her own branch's: its cities and, if it wants them, its own rules (docs/decisions/0047-routing-per-branch.md).
 */
export function LeadSettingsPage() {
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const [choice, setChoice] = useState('');
  const branchId = network ? choice : (user?.branch._id ?? '');
  return (
    <Page title={t.title} wide>
      <div className="flex flex-col gap-6">
        {network && <BranchChoice value={choice} onChange={setChoice} />}
        {branchId ? <BranchSettings key={branchId} branchId={branchId} /> : <NetworkSettings />}
        <Section title={t.agents}>
          <AgentsAvailability />
        </Section>
      </div>
    </Page>
  );
}

/** A network admin's choice: the network's settings, or one branch's. */
function BranchChoice({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const branches = useBranches();
  return (
    <div className="max-w-md">
      <SelectField
        label={t.branchChoice}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '', label: t.networkChoice },
          ...(branches.data ?? []).map((b) => ({ value: b._id, label: t.branchOption(b.name) })),
        ]}
      />
    </div>
  );
}

function NetworkSettings() {
  const settings = useLeadSettings();
  if (settings.isPending) return <StatusMessage busy>{pipeline.common.loading}</StatusMessage>;
  if (settings.isError) return <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>;
  return <SettingsForm initial={settings.data} />;
}

/** The rules in use, in order, followed by the ones switched off (in their default order). */
const orderedRules = (rules: RoutingRule[]) => [...rules, ...ROUTING_RULES.filter((r) => !rules.includes(r))];

/** The settings as the form edits them. */
type Draft = {
  order: RoutingRule[];
  enabled: Set<RoutingRule>;
  cities: LeadSettings['cityAgents'];
  sla: string;
  opens: string;
  closes: string;
};

const draftOf = (s: LeadSettings): Draft => ({
  order: orderedRules(s.rules),
  enabled: new Set(s.rules),
  cities: s.cityAgents,
  sla: String(s.slaMinutes),
  opens: s.officeHours.opens,
  closes: s.officeHours.closes,
});

const settingsOf = (d: Draft): LeadSettings => ({
  rules: d.order.filter((r) => d.enabled.has(r)),
  cityAgents: d.cities.filter((c) => c.city.trim() !== '' || c.agentId !== ''),
  slaMinutes: Number(d.sla),
  officeHours: { opens: d.opens, closes: d.closes },
});

/** The rules, the response target and hours, and the city agents: one set of settings, network or branch. */
function SettingsFields({
  draft,
  change,
  errors,
  agents,
}: {
  draft: Draft;
  change: (update: (d: Draft) => Draft) => void;
  errors: Record<string, string>;
  agents: readonly { _id: string; name: string }[];
}) {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => change((d) => ({ ...d, [key]: value }));
  const shift = (index: number, by: number) =>
    change((d) => {
      const next = [...d.order];
      const [rule] = next.splice(index, 1);
      next.splice(index + by, 0, rule!);
      return { ...d, order: next };
    });
  return (
    <>
      <Section title={t.rules}>
        <p className="text-slate-700">{t.rulesHint}</p>
        <ol className="flex flex-col gap-2">
          {draft.order.map((rule, index) => (
            <li
              key={rule}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2"
            >
              <span className="w-6 text-center font-bold text-brand-900">{index + 1}</span>
              <CheckboxField
                label={ROUTING_RULE_LABELS[rule]}
                checked={draft.enabled.has(rule)}
                onChange={(e) =>
                  change((d) => {
                    const next = new Set(d.enabled);
                    if (e.target.checked) next.add(rule);
                    else next.delete(rule);
                    return { ...d, enabled: next };
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
                disabled={index === draft.order.length - 1}
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
            value={draft.sla}
            error={errors.slaMinutes}
            onChange={(e) => set('sla', e.target.value)}
          />
          <FormField
            label={t.opens}
            type="time"
            value={draft.opens}
            error={errors['officeHours.opens']}
            onChange={(e) => set('opens', e.target.value)}
          />
          <FormField
            label={t.closes}
            type="time"
            value={draft.closes}
            error={errors['officeHours.closes']}
            onChange={(e) => set('closes', e.target.value)}
          />
        </div>
        <p className="text-sm text-slate-700">{t.hoursHint}</p>
      </Section>
      <Section title={t.cities}>
        <ul className="flex flex-col gap-2">
          {draft.cities.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
            <li key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <FormField
                label={t.city}
                value={row.city}
                maxLength={80}
                error={errors[`cityAgents.${index}.city`]}
                onChange={(e) =>
                  set(
                    'cities',
                    draft.cities.map((c, i) => (i === index ? { ...c, city: e.target.value } : c)),
                  )
                }
              />
              <SelectField
                label={t.agent}
                value={row.agentId}
                error={errors[`cityAgents.${index}.agentId`]}
                onChange={(e) =>
                  set(
                    'cities',
                    draft.cities.map((c, i) => (i === index ? { ...c, agentId: e.target.value } : c)),
                  )
                }
                options={[{ value: '', label: '—' }, ...agents.map((a) => ({ value: a._id, label: a.name }))]}
              />
              <Button
                variant="secondary"
                aria-label={t.removeCity(row.city)}
                onClick={() =>
                  set(
                    'cities',
                    draft.cities.filter((_, i) => i !== index),
                  )
                }
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
            onClick={() => set('cities', [...draft.cities, { city: '', agentId: '' }])}
          >
            {t.addCity}
          </Button>
        </div>
      </Section>
    </>
  );
}

function SettingsForm({ initial }: { initial: LeadSettings }) {
  // The network's settings (PUT /pipeline/settings is for network admins, docs/decisions/0033): every branch
  // inherits them until it sets its own.
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const save = useSaveLeadSettings();
  const agents = useAgentUsers();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    setErrors({});
    save.mutate(settingsOf(draft), {
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
      {network && <p className="text-slate-700">{t.networkHint}</p>}
      <fieldset disabled={!network} className="flex min-w-0 flex-col gap-6">
        <SettingsFields draft={draft} change={setDraft} errors={errors} agents={agents.data ?? []} />
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

function BranchSettings({ branchId }: { branchId: string }) {
  const settings = useBranchLeadSettings(branchId);
  if (settings.isPending) return <StatusMessage busy>{pipeline.common.loading}</StatusMessage>;
  if (settings.isError) return <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>;
  return <BranchSettingsForm initial={settings.data} />;
}

/** The cities as typed: separated by commas (Latin or Arabic) or lines. */
const citiesOf = (text: string) =>
  text
    .split(/[,،\n]/)
    .map((c) => c.trim())
    .filter(Boolean);

/** A branch's cities, and its own settings or the network's (PUT /pipeline/branches/{id}/settings). */
function BranchSettingsForm({ initial }: { initial: BranchLeadSettings }) {
  const save = useSaveBranchLeadSettings(initial.branch._id);
  const agents = useAgentUsers();
  const branchAgents = (agents.data ?? []).filter((a) => a.branch._id === initial.branch._id);
  const [cities, setCities] = useState(initial.cities.join(', '));
  const [own, setOwn] = useState(initial.own);
  const [draft, setDraft] = useState(() => draftOf(initial.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = initial.branch.name;

  const submit = () => {
    setErrors({});
    const body: BranchLeadSettingsBody = { cities: citiesOf(cities), own: own ? settingsOf(draft) : null };
    save.mutate(body, {
      onSuccess: () => toast.success(t.branchSaved(name)),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        showError(err, pipeline.common.saveFailed);
      },
    });
  };
  const cityError = errors.cities ?? Object.entries(errors).find(([key]) => key.startsWith('cities.'))?.[1];

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Section title={t.branchCities(name)}>
        <p className="text-slate-700">{t.branchCitiesHint}</p>
        <FormField
          label={t.branchCitiesLabel}
          value={cities}
          maxLength={4000}
          error={cityError}
          onChange={(e) => setCities(e.target.value)}
        />
      </Section>
      <Section title={t.branchRouting(name)}>
        <CheckboxField label={t.branchOwn} checked={own} onChange={(e) => setOwn(e.target.checked)} />
        {!own && <p className="text-slate-700">{t.branchInherits}</p>}
      </Section>
      {own && <SettingsFields draft={draft} change={setDraft} errors={errors} agents={branchAgents} />}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? pipeline.common.saving : t.branchSave}
        </Button>
      </div>
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
          label={t.takesLeadsLabel(name, row.agent.gender)}
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
