import { telLink } from '@shared/domain/phone';
import { paths } from '@shared/paths';
import type { PublicBranch } from '@shared/schemas/branch-page';
import { AgentCards } from '@web/components/agent-cards';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useBranchPage } from '@web/lib/branches';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Pagination } from './pagination';
import { PropertyCard } from './property-card';

const t = he.publicSite.branch;

/** A plain link to a maps search of the office's address: no map script or frame of a third party on the page. */
export function mapSearchUrl(branch: Pick<PublicBranch, 'address' | 'city'>): string {
  const where =
    branch.city && !branch.address.includes(branch.city)
      ? `${branch.address}, ${branch.city}`
      : branch.address || branch.city;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`;
}

/** /branches/<slug>: an open branch's details, its agents and its available listings, a page at a time. */
export function BranchPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useBranchPage(slug, page);

  if (query.isPending) return <StatusMessage busy>{he.common.loading}</StatusMessage>;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? t.notFound : he.common.errorTitle}>
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-slate-700">
            {missing ? t.notFoundText : he.publicSite.about.loadFailure}
          </p>
          <Link to={paths.aboutLink()} className={buttonClass('primary')}>
            {t.toBranches}
          </Link>
        </div>
      </Page>
    );
  }
  const { branch, agents, listings } = query.data;
  const pages = Math.max(1, Math.ceil(listings.total / listings.pageSize));
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  return (
    <Page title={branch.name} wide>
      <div className="flex flex-col gap-12">
        <BranchDetails branch={branch} />
        <section aria-labelledby="branch-team-title" className="flex flex-col gap-6">
          <h2 id="branch-team-title" className="text-2xl font-bold text-brand-900">
            {t.teamTitle}
          </h2>
          <AgentCards members={agents} />
        </section>
        <section aria-labelledby="branch-listings-title" className="flex flex-col gap-4">
          <h2 id="branch-listings-title" className="text-2xl font-bold text-brand-900">
            {t.listingsTitle}
          </h2>
          <p id="branch-listings-count" role="status" className="text-lg font-semibold text-slate-700">
            {he.properties.filters.total(listings.total)}
          </p>
          {listings.items.length === 0 ? (
            <StatusMessage>{t.noListings}</StatusMessage>
          ) : (
            <ul
              className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
              aria-busy={query.isFetching || undefined}
              data-testid="branch-listings"
            >
              {listings.items.map((property, i) => (
                <li key={property._id}>
                  <PropertyCard property={property} isAdmin={false} eager={i < 3} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <Pagination
              page={page}
              pages={pages}
              onPage={goTo}
              label={t.listingsPages}
              scrollTo="branch-listings-title"
            />
          )}
        </section>
      </div>
    </Page>
  );
}

function BranchDetails({ branch }: { branch: PublicBranch }) {
  const where = [branch.address, branch.city].filter(Boolean);
  return (
    <section
      aria-labelledby="branch-details-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-md"
      data-testid="branch-details"
    >
      <h2 id="branch-details-title" className="text-2xl font-bold text-brand-900">
        {t.detailsTitle}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {where.length > 0 && (
          <div className="flex flex-col gap-1">
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <MapPin aria-hidden size={22} className="shrink-0 text-brand-700" />
              {t.address}
            </dt>
            <dd className="text-slate-700">
              {branch.address.includes(branch.city) ? branch.address : where.join(', ')}
            </dd>
            <dd>
              <a
                href={mapSearchUrl(branch)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
              >
                {t.map} <span className="sr-only">{t.newWindow}</span>
              </a>
            </dd>
          </div>
        )}
        {branch.phone && (
          <div className="flex flex-col gap-1">
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <Phone aria-hidden size={22} className="shrink-0 text-brand-700" />
              {t.phone}
            </dt>
            <dd>
              <a
                href={telLink(branch.phone)}
                aria-label={t.call(branch.phone)}
                className="text-brand-700 underline"
                data-testid="branch-phone"
              >
                <bdi dir="ltr">{branch.phone}</bdi>
              </a>
            </dd>
          </div>
        )}
        {branch.openingHours && (
          <div className="flex flex-col gap-1">
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <Clock aria-hidden size={22} className="shrink-0 text-brand-700" />
              {t.openingHours}
            </dt>
            <dd className="text-slate-700">{branch.openingHours}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
