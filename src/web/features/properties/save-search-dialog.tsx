import { savedSearchSentence } from '@shared/domain/saved-search';
import { Button } from '@web/components/button';
import { SubscribeForm } from '@web/components/subscribe-form';
import { alerts } from '@web/i18n/alerts';
import { addSearch } from '@web/lib/alerts-api';
import { rememberAlertsToken, storedAlertsToken } from '@web/lib/alerts-token';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Filters } from './filters';
import { searchOf } from './search-of';

const t = alerts.subscribe;

/**
 * Saving the current filters (native <dialog>: the focus moves in and stays, Escape closes it and the focus goes
 * back to the button). A browser that knows its private link adds the search there; otherwise the visitor gives
 * a name, an e-mail and consent, and confirms from the mail.
 */
export function SaveSearchDialog({
  type,
  filters,
  onClose,
}: {
  type: 'sale' | 'rent';
  filters: Filters;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [token, setToken] = useState(storedAlertsToken);
  const [saving, setSaving] = useState(false);
  const search = searchOf(type, filters);
  // The modal takes the focus to its first control (the close button): the first field (or the one action) is
  // where the visitor starts.
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal?.();
    dialog?.querySelector<HTMLElement>('input:not([tabindex="-1"]), [data-start]')?.focus();
  }, []);
  const close = () => ref.current?.close();

  const saveToLink = async (known: string) => {
    setSaving(true);
    try {
      await addSearch(known, search);
      toast.success(alerts.myAlerts.searchSaved);
      close();
    } catch (err) {
      // A link deleted meanwhile: this browser forgets it, and the visitor subscribes again.
      if (err instanceof ApiError && err.status === 404) {
        rememberAlertsToken(null);
        setToken(null);
      } else toast.error(err instanceof ApiError && err.status < 500 ? err.message : t.failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[95dvh] w-[min(36rem,calc(100vw-1rem))] max-w-none overflow-y-auto rounded-2xl p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-bold text-brand-900">
            {t.searchTitle}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t.close}
            title={t.close}
            className="rounded-full p-2 text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <p className="rounded-xl bg-brand-50 p-3 text-brand-900">
          <span className="block text-sm text-slate-700">{t.searchLine}</span>
          <strong className="text-lg" data-testid="search-sentence">
            {savedSearchSentence(search)}
          </strong>
        </p>
        {token ? (
          <div className="flex flex-col gap-3">
            <p>{t.toLinkIntro}</p>
            <Button data-start onClick={() => void saveToLink(token)} disabled={saving}>
              {saving ? t.sending : t.toLinkSubmit}
            </Button>
          </div>
        ) : (
          <>
            <p className="text-slate-700">{t.searchIntro}</p>
            <SubscribeForm search={search} />
          </>
        )}
      </div>
    </dialog>
  );
}
