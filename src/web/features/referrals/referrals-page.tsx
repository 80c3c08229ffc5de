import { REFERRAL_STATUS_LABELS, type ReferralStatus } from '@shared/domain/referrals';
import { paths } from '@shared/paths';
import { REFERRAL_MESSAGES, type Referral } from '@shared/schemas/referrals';
import { Button } from '@web/components/button';
import { FormDialog } from '@web/components/form-dialog';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { TextAreaField } from '@web/components/text-area-field';
import { referrals as t } from '@web/i18n/referrals';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useAcceptReferral, useDeclineReferral, useReferrals } from '@web/lib/referrals-api';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useUsers } from '@web/lib/users';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';

const STATUS_TONES: Record<ReferralStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
};

const dateOf = (iso: string) => formatDate(new Date(iso));

/**
 * /Referrals (admins): the referrals waiting for this manager's decision (accept with the agent who takes the
 * lead, or decline with a reason), then the branch's outgoing and decided ones with their status. A network
 * admin decides every branch's.
 */
export function ReferralsPage() {
  const list = useReferrals();
  const [accepting, setAccepting] = useState<Referral>();
  const [declining, setDeclining] = useState<Referral>();
  if (list.isPending)
    return (
      <Page title={t.title}>
        <StatusMessage busy>{t.loading}</StatusMessage>
      </Page>
    );
  if (list.isError)
    return (
      <Page title={t.title}>
        <StatusMessage>{t.loadFailure}</StatusMessage>
      </Page>
    );
  const incoming = list.data.filter((r) => r.canDecide);
  const others = list.data.filter((r) => !r.canDecide);
  return (
    <Page title={t.title}>
      <div className="flex flex-col gap-6">
        <Section title={t.incoming} hint={t.incomingHint}>
          {incoming.length === 0 ? (
            <p className="text-slate-700">{t.noIncoming}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {incoming.map((r) => (
                <ReferralItem key={r._id} referral={r}>
                  <div className="flex flex-wrap gap-2">
                    <Button onClick={() => setAccepting(r)} aria-label={t.acceptLabel(r.lead.name)}>
                      {t.accept}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setDeclining(r)}
                      aria-label={t.declineLabel(r.lead.name)}
                    >
                      {t.decline}
                    </Button>
                  </div>
                </ReferralItem>
              ))}
            </ul>
          )}
        </Section>
        <Section title={t.others}>
          {others.length === 0 ? (
            <p className="text-slate-700">{t.noOthers}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {others.map((r) => (
                <ReferralItem key={r._id} referral={r} />
              ))}
            </ul>
          )}
        </Section>
      </div>
      {accepting && <AcceptDialog referral={accepting} onClose={() => setAccepting(undefined)} />}
      {declining && <DeclineDialog referral={declining} onClose={() => setDeclining(undefined)} />}
    </Page>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      {children}
    </section>
  );
}

function ReferralItem({ referral: r, children }: { referral: Referral; children?: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-brand-900">
          {r.canOpenLead ? (
            <Link
              to={paths.leadView(r.lead._id)}
              className="text-brand-800 underline underline-offset-4"
              aria-label={t.openLead(r.lead.name)}
            >
              {r.lead.name}
            </Link>
          ) : (
            r.lead.name
          )}
        </h3>
        <span className="text-sm text-slate-700">{r.lead.category}</span>
        <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${STATUS_TONES[r.status]}`}>
          {REFERRAL_STATUS_LABELS[r.status]}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <Fact term={t.fromBranch}>{r.fromBranch.name}</Fact>
        <Fact term={t.toBranch}>{r.toBranch.name}</Fact>
        <Fact term={t.sentAt}>
          {dateOf(r.createdAt)}
          {r.referredBy && ` · ${t.referredBy(r.referredBy.name)}`}
        </Fact>
        <Fact term={t.feeTerm}>{`${r.feePercent}%`}</Fact>
        {r.decidedBy && r.decidedAt && (
          <Fact term={t.decided}>{`${r.decidedBy.name}, ${dateOf(r.decidedAt)}`}</Fact>
        )}
        {r.note && <Fact term={t.note}>{r.note}</Fact>}
        {r.declineReason && <Fact term={t.declineReason}>{r.declineReason}</Fact>}
      </dl>
      {children}
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-1">
      <dt className="font-medium text-slate-700">{term}:</dt>
      <dd className="whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

const showFailure = (err: unknown) => {
  if (isSessionEnd(err)) return;
  toast.error(err instanceof ApiError ? err.message : t.decideFailed);
};

/** Accepting: who of the receiving branch takes the lead (the accepting manager by default). */
function AcceptDialog({ referral, onClose }: { referral: Referral; onClose: () => void }) {
  const { user } = useSession();
  const users = useUsers();
  const accept = useAcceptReferral();
  const self = user?.branch._id === referral.toBranch._id ? user : undefined;
  const [ownerId, setOwnerId] = useState(self?._id ?? '');
  const [error, setError] = useState<string>();
  const team = (users.data ?? []).filter(
    (u) => u.branch._id === referral.toBranch._id && u._id !== self?._id,
  );
  const options = [
    ...(self ? [{ value: self._id, label: t.ownerSelf(self.name) }] : [{ value: '', label: '—' }]),
    ...team.map((u) => ({ value: u._id, label: u.name })),
  ];
  return (
    <FormDialog
      open
      title={t.acceptTitle(referral.lead.name)}
      submitLabel={t.acceptSubmit}
      busyLabel={t.sending}
      busy={accept.isPending}
      onCancel={onClose}
      onSubmit={() => {
        setError(undefined);
        accept.mutate(
          { id: referral._id, ownerId: ownerId || undefined },
          {
            onSuccess: () => {
              toast.success(t.accepted(referral.lead.name));
              onClose();
            },
            onError: (err) => {
              if (err instanceof ApiError && err.fieldErrors.ownerId) setError(err.fieldErrors.ownerId);
              else showFailure(err);
            },
          },
        );
      }}
    >
      <p className="text-slate-800">
        {t.fee(referral.feePercent)} · {referral.fromBranch.name}
      </p>
      <SelectField
        label={t.owner}
        value={ownerId}
        error={error}
        onChange={(e) => setOwnerId(e.target.value)}
        options={options}
      />
    </FormDialog>
  );
}

/** Declining: the reason is required and reaches the referring branch. */
function DeclineDialog({ referral, onClose }: { referral: Referral; onClose: () => void }) {
  const decline = useDeclineReferral();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      open
      danger
      title={t.declineTitle(referral.lead.name)}
      submitLabel={t.declineSubmit}
      busyLabel={t.sending}
      busy={decline.isPending}
      onCancel={onClose}
      onSubmit={() => {
        if (!reason.trim()) {
          setError(REFERRAL_MESSAGES.reasonRequired);
          return;
        }
        setError(undefined);
        decline.mutate(
          { id: referral._id, reason },
          {
            onSuccess: () => {
              toast.success(t.declined);
              onClose();
            },
            onError: (err) => {
              if (err instanceof ApiError && err.fieldErrors.reason) setError(err.fieldErrors.reason);
              else showFailure(err);
            },
          },
        );
      }}
    >
      <TextAreaField
        label={t.reason}
        required
        rows={3}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
