import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { alerts } from '@web/i18n/alerts';
import { useAlertsPage } from '@web/lib/alerts-api';
import { rememberAlertsToken } from '@web/lib/alerts-token';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AddEmailSection } from './add-email-section';
import { MyFavouritesSection } from './my-favourites-section';
import { MySettingsSection } from './my-settings-section';
import { SavedSearchItem } from './saved-search-item';

const t = alerts.myAlerts;

/** /MyAlerts/{token}: a visitor's private link (no password): saved searches, favourites and settings. */
export function MyAlertsPage() {
  const { token = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const confirming = params.get('confirm') === '1';
  const confirmFirst = useRef(confirming);
  const query = useAlertsPage(token, confirmFirst);
  const loaded = query.isSuccess;
  const gone = query.error instanceof ApiError && query.error.status === 404;
  // This browser remembers a working link (the heart and "save search" write through it) and forgets a dead one.
  useEffect(() => {
    if (loaded) rememberAlertsToken(token);
    if (gone) rememberAlertsToken(null);
  }, [loaded, gone, token]);
  // Confirmed from the mail: said once, and the address loses its ?confirm=1 (a reload does not confirm again).
  useEffect(() => {
    if (!loaded || !confirming) return;
    toast.success(t.confirmed);
    setParams({}, { replace: true });
  }, [loaded, confirming, setParams]);
  if (query.isPending) return <StatusMessage busy>{t.loading}</StatusMessage>;
  if (query.isError) {
    const invalid = query.error instanceof ApiError && query.error.status < 500;
    return (
      <Page title={invalid ? t.notFoundTitle : t.title}>
        <p role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 p-6 text-lg text-red-900">
          {invalid ? t.notFoundText : t.loadFailure}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.sale()} className={buttonClass()}>
            {alerts.favourites.toSale}
          </Link>
          <Link to={paths.rent()} className={buttonClass('secondary')}>
            {alerts.favourites.toRent}
          </Link>
        </div>
      </Page>
    );
  }
  const page = query.data;
  const { subscriber } = page;
  const phoneOnly = subscriber.email === null;
  return (
    <Page title={t.title} wide>
      <p className="text-lg">{t.hello(subscriber.name)}</p>
      {phoneOnly ? (
        <p className="my-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t.phoneOnly(subscriber.phone)}
        </p>
      ) : (
        <p className="mb-4 break-all text-slate-700">
          <bdi dir="ltr">{subscriber.email}</bdi>
        </p>
      )}
      {!phoneOnly && !subscriber.confirmed && (
        <p className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t.unconfirmed}
        </p>
      )}
      {subscriber.unsubscribed && (
        <p className="mb-4 rounded-xl border border-slate-300 bg-slate-50 p-4">{t.unsubscribedNote}</p>
      )}
      <div className="flex flex-col gap-10">
        {phoneOnly && <AddEmailSection token={token} />}
        <section aria-labelledby="my-searches" className="flex flex-col gap-4">
          <h2 id="my-searches" className="text-2xl font-bold text-brand-900">
            {t.searchesTitle}
          </h2>
          {page.searches.length === 0 ? (
            <p className="text-slate-700">{t.noSearches}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {page.searches.map((search) => (
                <SavedSearchItem key={search._id} token={token} search={search} />
              ))}
            </ul>
          )}
        </section>
        <MyFavouritesSection token={token} list={page.favourites} />
        <MySettingsSection token={token} page={page} />
      </div>
    </Page>
  );
}
