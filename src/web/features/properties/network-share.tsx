import { telLink } from '@shared/domain/phone';
import { branchPhrase } from '@shared/domain/referrals';
import { networkShareTexts as t } from '@web/i18n/network-share';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Building2, Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { usePropertyNetwork, useSetNetworkShare } from './network-api';

/**
 * "שיתוף עם הרשת" (docs/decisions/0052): a switch the property's own branch staff who may change it (its agents,
 * its branch manager, network admins) turn on or off; saved at once, apart from the edit form. Nothing shows
 * for anyone else.
 */
export function NetworkShareSwitch({
  propertyId,
  heading: Heading = 'h3',
}: {
  propertyId: string;
  /** The section's heading level where it stands: h3 inside the edit card, h2 on the property's page. */
  heading?: 'h2' | 'h3';
}) {
  const titleId = useId();
  const explainId = useId();
  const network = usePropertyNetwork(propertyId);
  const save = useSetNetworkShare(propertyId);
  if (network.isPending) return null;
  if (network.isError)
    return network.error instanceof ApiError && network.error.status === 404 ? null : (
      <p role="alert">{t.loadFailure}</p>
    );
  if (!network.data.mayShare) return null;
  const change = (shared: boolean) =>
    save.mutate(shared, {
      onSuccess: () => toast.success(shared ? t.sharedOn : t.sharedOff),
      onError: (err) => {
        if (isSessionEnd(err)) return;
        toast.error(err instanceof ApiError && err.status < 500 ? err.message || t.failure : t.failure);
      },
    });
  const checked = save.isPending ? Boolean(save.variables) : network.data.shared;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-2xl border border-brand-300 bg-white p-4"
      data-testid="network-share"
    >
      <Heading id={titleId} className="text-xl font-bold text-brand-900">
        {t.title}
      </Heading>
      <label className="inline-flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-700"
          checked={checked}
          aria-checked={checked}
          aria-describedby={explainId}
          disabled={save.isPending}
          onChange={(event) => change(event.target.checked)}
        />
        {t.switchLabel}
      </label>
      <p id={explainId} className="text-sm text-slate-700">
        {t.explain}
      </p>
    </section>
  );
}

/**
 * On another branch's shared property, for its staff: the mark ("נכס משותף · סניף חיפה"), that it is read-only,
 * and whom to call (the branch's office and the property's agent) instead of its owner.
 */
export function SharedPropertyNote({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  const network = usePropertyNetwork(propertyId);
  if (!network.data || network.data.own || !network.data.mark) return null;
  const { branch, agent } = network.data.contact;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-2xl border border-accent-500 bg-amber-50 p-4"
      data-testid="shared-property"
    >
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {network.data.mark}
      </h2>
      <p className="text-slate-800">{t.readOnly}</p>
      <ul className="flex flex-col gap-1">
        {branch.phone && (
          <li>
            <a
              href={telLink(branch.phone)}
              className="inline-flex items-center gap-1 text-brand-800 underline"
            >
              <Building2 aria-hidden size={16} /> {t.callBranch(branchPhrase(branch.name))}{' '}
              <bdi dir="ltr">{branch.phone}</bdi>
            </a>
          </li>
        )}
        {agent && (
          <li className="flex flex-wrap items-center gap-2">
            <span>
              {t.agent}: {agent.name}
            </span>
            {agent.phone && (
              <a
                href={telLink(agent.phone)}
                className="inline-flex items-center gap-1 text-brand-800 underline"
              >
                <Phone aria-hidden size={16} />
                <bdi dir="ltr">{agent.phone}</bdi>
              </a>
            )}
            {agent.email && (
              <a
                href={`mailto:${agent.email}`}
                className="inline-flex items-center gap-1 text-brand-800 underline"
              >
                <Mail aria-hidden size={16} />
                <bdi dir="ltr">{agent.email}</bdi>
              </a>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
