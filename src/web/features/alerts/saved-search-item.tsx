import { searchListingUrl } from '@shared/domain/saved-search-listing';
import type { PageSearch } from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { alerts } from '@web/i18n/alerts';
import { useDeleteSearch, useUpdateSearch } from '@web/lib/alerts-api';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchEditForm } from './search-edit-form';

const t = alerts.myAlerts;

const failed = (err: unknown) =>
  toast.error(err instanceof ApiError && err.status < 500 && err.message ? err.message : t.failure);

/** One saved search on the private link: its sentence, and edit, pause or resume, delete. */
export function SavedSearchItem({ token, search }: { token: string; search: PageSearch }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSearch(token);
  const remove = useDeleteSearch(token);
  const togglePause = () =>
    update.mutate(
      { id: search._id, body: { paused: !search.paused } },
      {
        onSuccess: () => toast.success(search.paused ? t.searchResumed : t.searchPaused),
        onError: failed,
      },
    );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-lg font-semibold text-slate-900" data-testid="search-sentence">
          {search.sentence}
        </p>
        <Link to={searchListingUrl(search.filters)} className="text-brand-800 underline underline-offset-4">
          {t.openListings}
        </Link>
        {search.matches && (
          <span className="text-slate-700" data-testid="search-matches">
            {t.matches(search.matches.total, search.matches.capped)}
          </span>
        )}
        {search.paused && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">
            {t.paused}
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          <Pencil aria-hidden="true" size={16} /> {t.edit}
        </Button>
        <Button variant="secondary" onClick={togglePause} disabled={update.isPending}>
          {search.paused ? <Play aria-hidden="true" size={16} /> : <Pause aria-hidden="true" size={16} />}
          {search.paused ? t.resume : t.pause}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" size={16} /> {t.delete}
        </Button>
      </div>
      {editing && (
        <SearchEditForm
          search={search}
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(filters) =>
            update.mutateAsync({ id: search._id, body: { filters } }).then(
              () => {
                toast.success(t.searchSaved);
                setEditing(false);
              },
              (err: unknown) => {
                failed(err);
                throw err;
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        message={t.deleteSearchConfirm(search.sentence)}
        confirmLabel={t.delete}
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(search._id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t.searchDeleted);
            },
            onError: failed,
          })
        }
      />
    </li>
  );
}
