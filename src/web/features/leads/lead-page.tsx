import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityKind } from '@shared/domain/activities';
import {
  isOpenStatus,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  LOSS_REASON_LABELS,
} from '@shared/domain/pipeline';
import { paths } from '@shared/paths';
import type { LeadDetail, LeadSummary } from '@shared/schemas/pipeline';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { OrdersSection } from '@web/components/orders-section';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { alerts } from '@web/i18n/alerts';
import { orders } from '@web/i18n/orders';
import { phoneApp } from '@web/i18n/phone-app';
import { pipeline } from '@web/i18n/pipeline';
import { viewingRecordTexts } from '@web/i18n/viewing-record';
import { ApiError } from '@web/lib/api-client';
import { requestOutboxSync } from '@web/lib/app-worker';
import { formatMinutes } from '@web/lib/format';
import { addToOutbox } from '@web/lib/offline-outbox';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { announceOutboxChange } from '@web/lib/use-outbox';
import { useAgentUsers } from '@web/lib/users';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ActivityDraft, ActivityForm } from './activity-form';
import { ContactActions } from './contact-actions';
import { formatDateTime, formatTimeOrDateTime, toIsraelLocalInput } from './format';
import { LeadFlags, StatusBadge } from './lead-badges';
import { LeadViewings } from './lead-viewings';
import { MatchingPropertiesPanel } from './matching-properties-panel';
import { draftOfBody, PendingActivities } from './pending-activities';
import { activitiesPath, useLead, useLogActivity, useReassignLead, useUpdateLead } from './pipeline-api';
import { ReferToBranch } from './refer-to-branch';
import { showError } from './show-error';
import { Timeline } from './timeline';
import { useMoveLead } from './use-move-lead';

const t = pipeline.lead;

/** /Leads/:id: one lead with its contact, stage, owner, next touch, the contact's other leads and timeline. */
export function LeadPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);
  if (lead.isPending)
    return (
      <Page title={pipeline.leads.title}>
        <StatusMessage busy>{pipeline.common.loading}</StatusMessage>
      </Page>
    );
  if (lead.isError)
    return (
      <Page title={pipeline.leads.title}>
        <StatusMessage>
          {lead.error instanceof ApiError && lead.error.status < 500
            ? t.notFound
            : pipeline.common.loadFailure}
        </StatusMessage>
        <BackLink />
      </Page>
    );
  return <LeadView lead={lead.data} />;
}

function BackLink() {
  return (
    <Link to={paths.leads()} className="text-brand-800 underline underline-offset-4">
      {t.back}
    </Link>
  );
}

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

/** With several leads of the contact on one timeline: each lead's name there (its category, property or source). */
function leadLabelsOf(leads: LeadSummary[]): Record<string, string> | undefined {
  if (leads.length < 2) return undefined;
  return Object.fromEntries(
    leads.map((l) => [l._id, `${l.category} · ${l.property?.address ?? LEAD_SOURCE_LABELS[l.source]}`]),
  );
}

/** Before the first contact: the deadline of the response target, in the branch's office hours. */
function RespondBy({ at }: { at: string }) {
  const passed = new Date(at).getTime() <= Date.now();
  const when = formatTimeOrDateTime(at);
  return (
    <p
      className={`rounded-lg px-3 py-2 font-semibold ${passed ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
    >
      {passed ? t.respondByPassed(when) : t.respondBy(when)}
    </p>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const otherLeads = lead.contactLeads.filter((l) => l._id !== lead._id);
  return (
    <Page title={t.title(lead.name)} wide>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <StatusBadge status={lead.status} />
        <LeadFlags overdue={lead.overdue} escalated={lead.escalated} />
        <ContactActions leadId={lead._id} name={lead.name} phone={lead.phone} />
        <span className="ms-auto">
          <BackLink />
        </span>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="flex flex-col gap-4">
          <Section title={t.contact}>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact term={t.phone}>
                <span dir="ltr">{lead.contact.phone}</span>
              </Fact>
              <Fact term={t.category}>{lead.category}</Fact>
              <Fact term={t.source}>{LEAD_SOURCE_LABELS[lead.source]}</Fact>
              <Fact term={t.received}>{formatDateTime(lead.createdAt)}</Fact>
              {lead.property && (
                <Fact term={t.property}>
                  <Link to={paths.propertyView(lead.property._id)} className="text-brand-700 underline">
                    {lead.property.address}, {lead.property.city}
                  </Link>
                </Fact>
              )}
              {lead.valuation && (
                <Fact term={t.property}>
                  {t.valuation(
                    lead.valuation.city,
                    lead.valuation.street,
                    lead.valuation.rooms,
                    lead.valuation.size,
                  )}
                </Fact>
              )}
            </dl>
            {lead.message && (
              <dl>
                <Fact term={t.message}>
                  <span className="whitespace-pre-line">{lead.message}</span>
                </Fact>
              </dl>
            )}
          </Section>
          <Section title={t.status}>
            <StatusControl lead={lead} />
            {lead.status === 'lost' && lead.lossReason && (
              <p>
                {t.lossReason}: {LOSS_REASON_LABELS[lead.lossReason]}
                {lead.lossText && ` – ${lead.lossText}`}
              </p>
            )}
            <p className="text-sm text-slate-700">
              {lead.firstContactAt
                ? `${t.firstContact}: ${formatDateTime(lead.firstContactAt)} · ${t.responseTime(formatMinutes(lead.responseMinutes))}`
                : t.notContacted}
            </p>
            {lead.respondBy && <RespondBy at={lead.respondBy} />}
          </Section>
          <Section title={t.owner}>
            <dl className="grid gap-3">
              <Fact term={t.owner}>{lead.owner?.name ?? pipeline.common.unassigned}</Fact>
              <Fact term={t.reason(lead.owner?.gender)}>{lead.routingReason}</Fact>
            </dl>
            {admin && <Reassign lead={lead} />}
            {(admin || (user && lead.owner?._id === user._id)) && (
              <ReferToBranch leadId={lead._id} leadName={lead.name} />
            )}
          </Section>
          <Section title={t.nextTouch}>
            <NextTouch lead={lead} />
          </Section>
          <Section title={viewingRecordTexts.section}>
            <LeadViewings
              leadId={lead._id}
              agentId={admin ? (lead.owner?._id ?? null) : (user?._id ?? null)}
            />
          </Section>
          <Section title={orders.title}>
            <OrdersSection source={{ leadId: lead._id }} />
          </Section>
          <Section title={alerts.matches.propertiesTitle}>
            <MatchingPropertiesPanel leadId={lead._id} />
          </Section>
          <Section title={t.otherLeads}>
            {otherLeads.length === 0 && lead.othersLeads.length === 0 ? (
              <p className="text-slate-600">{t.noOtherLeads}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {otherLeads.map((other) => (
                  <li key={other._id} className="flex flex-wrap items-center gap-2">
                    <Link to={paths.leadView(other._id)} className="text-brand-800 underline">
                      {formatDateTime(other.createdAt)} · {LEAD_SOURCE_LABELS[other.source]}
                      {other.property && ` · ${other.property.address}`}
                    </Link>
                    <StatusBadge status={other.status} />
                    {other.owner && <span className="text-sm text-slate-700">{other.owner.name}</span>}
                  </li>
                ))}
                {lead.othersLeads.map((other, index) => (
                  // Nothing else identifies another owner's lead here, by design (docs/decisions/0030).
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered
                  <li key={index} className="flex flex-wrap items-center gap-2">
                    <span>{t.othersLead(isOpenStatus(other.status), other.owner?.name ?? null)}</span>
                    <StatusBadge status={other.status} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="flex flex-col gap-4">
          <Section title={pipeline.log.title}>
            <LogActivity lead={lead} />
          </Section>
          <Section title={t.timeline}>
            <Timeline
              entries={lead.timeline}
              ownerId={lead.owner?._id}
              leadLabels={leadLabelsOf(lead.contactLeads)}
            />
          </Section>
        </div>
      </div>
    </Page>
  );
}

function StatusControl({ lead }: { lead: LeadDetail }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const { move, dialog, busy } = useMoveLead();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        move(lead, status);
      }}
    >
      <SelectField
        label={t.status}
        value={status}
        onChange={(e) => setStatus(e.target.value as LeadStatus)}
        options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
      />
      <Button type="submit" disabled={busy || status === lead.status}>
        {t.changeStatus}
      </Button>
      {dialog}
    </form>
  );
}

function Reassign({ lead }: { lead: LeadDetail }) {
  const agents = useAgentUsers();
  const reassign = useReassignLead();
  const [ownerId, setOwnerId] = useState('');
  const options = (agents.data ?? []).filter((a) => a._id !== lead.owner?._id);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ownerId) return;
        reassign.mutate(
          { id: lead._id, ownerId },
          {
            onSuccess: (next) => {
              toast.success(t.reassigned(next.owner?.name ?? ''));
              setOwnerId('');
            },
            onError: (err) => showError(err, pipeline.common.saveFailed),
          },
        );
      }}
    >
      <SelectField
        label={t.reassign}
        value={ownerId}
        onChange={(e) => setOwnerId(e.target.value)}
        options={[{ value: '', label: '—' }, ...options.map((a) => ({ value: a._id, label: a.name }))]}
      />
      <Button type="submit" disabled={!ownerId || reassign.isPending}>
        {t.reassignSubmit}
      </Button>
    </form>
  );
}

function NextTouch({ lead }: { lead: LeadDetail }) {
  const update = useUpdateLead();
  const [value, setValue] = useState(lead.nextTouchAt ? toIsraelLocalInput(lead.nextTouchAt) : '');
  const [error, setError] = useState<string>();
  const save = (nextTouchAt: string | null) => {
    setError(undefined);
    update.mutate(
      { id: lead._id, body: { nextTouchAt } },
      {
        onSuccess: () => toast.success(nextTouchAt ? t.nextTouchSaved : t.nextTouchCleared),
        onError: (err) => {
          if (err instanceof ApiError) setError(err.fieldErrors.nextTouchAt ?? err.message);
          else showError(err, pipeline.common.saveFailed);
        },
      },
    );
  };
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) save(value);
      }}
    >
      <FormField
        label={t.nextTouch}
        type="datetime-local"
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" disabled={!value || update.isPending}>
        {t.saveNextTouch}
      </Button>
      {lead.nextTouchAt && (
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() => {
            setValue('');
            save(null);
          }}
        >
          {t.clearNextTouch}
        </Button>
      )}
    </form>
  );
}

/**
 * Two taps: the kind, then "רישום" (with a note or an amount when wanted). Without a network the activity waits
 * on the device under the Idempotency-Key it was made with, and is sent once when the network is back.
 */
function LogActivity({ lead }: { lead: LeadDetail }) {
  const [kind, setKind] = useState<ActivityKind | null>(null);
  // A refused activity put back in the form to fix; the form is remade for it (`formKey`).
  const [initial, setInitial] = useState<ActivityDraft>();
  const [formKey, setFormKey] = useState(0);
  // A second deal on the lead, held until the agent confirms it is meant (the server asks: 409).
  const [secondDeal, setSecondDeal] = useState<{ fields: Record<string, unknown>; question: string } | null>(
    null,
  );
  const log = useLogActivity();
  const { user } = useSession();
  const path = activitiesPath(lead._id);
  const choose = (next: ActivityKind | null, draft?: ActivityDraft) => {
    setKind(next);
    setInitial(draft);
    setFormKey((n) => n + 1);
  };
  const keepOffline = async (body: Record<string, unknown>, key: string) => {
    await addToOutbox({ key, userId: user!._id, kind: 'activity', path, body });
    announceOutboxChange();
    void requestOutboxSync();
    toast.info(phoneApp.pending.activitySavedOffline);
    choose(null);
  };
  const submit = async (fields: Record<string, unknown>, chosen: ActivityKind) => {
    // Dated on the device at the moment the agent logs it (unless the form names another time): an activity
    // kept offline and synced after midnight still counts on the day it happened.
    const body = { occurredAt: new Date().toISOString(), ...fields, kind: chosen };
    const key = crypto.randomUUID();
    if (user && !navigator.onLine) return keepOffline(body, key);
    try {
      await log.mutateAsync({ leadId: lead._id, body, idempotencyKey: key });
    } catch (err) {
      // No answer at all (the network dropped mid-send): kept and resent with the same key, stored once.
      if (user && !(err instanceof ApiError)) return keepOffline(body, key);
      const question = err instanceof ApiError ? err.fieldErrors.confirmSecondDeal : undefined;
      if (question) setSecondDeal({ fields, question });
      else showError(err, pipeline.log.failed);
      throw err;
    }
    toast.success(pipeline.log.logged(ACTIVITY_KIND_LABELS[chosen]));
    choose(null);
  };
  return (
    <div className="flex flex-col gap-3">
      {user && (
        <PendingActivities
          userId={user._id}
          path={path}
          onFix={(body) => {
            choose(body.kind, draftOfBody(body));
            toast.info(phoneApp.pending.fixing);
          }}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {ACTIVITY_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => choose(kind === k ? null : k)}
            className={`min-h-11 rounded-lg border px-3 py-2 text-sm font-medium ${kind === k ? 'border-brand-800 bg-brand-700 text-white' : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50'}`}
          >
            {ACTIVITY_KIND_LABELS[k]}
          </button>
        ))}
      </div>
      {kind && (
        <ActivityForm
          key={`${kind}-${formKey}`}
          kind={kind}
          initial={initial}
          busy={log.isPending}
          ownerId={lead.owner?._id}
          onCancel={() => choose(null)}
          onSubmit={(body) => submit(body, kind)}
        />
      )}
      <ConfirmDialog
        open={secondDeal !== null}
        message={secondDeal?.question ?? ''}
        confirmLabel={pipeline.log.secondDealConfirm}
        busy={log.isPending}
        onCancel={() => setSecondDeal(null)}
        onConfirm={() => {
          const fields = secondDeal?.fields ?? {};
          setSecondDeal(null);
          // A refusal of the confirmed deal was already shown by submit.
          submit({ ...fields, confirmSecondDeal: true }, 'deal').catch(() => undefined);
        }}
      />
    </div>
  );
}
