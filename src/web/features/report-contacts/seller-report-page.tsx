import './seller-report.css';
import type { SharedReport } from '@shared/schemas/report-share';
import { WhatsappIcon } from '@web/components/brand-icons';
import { Button, buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { reports as heReports } from '@web/i18n/reports';
import { ApiError } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { Printer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useSharedReport } from './api';
import { SellerViewings } from './seller-viewings';
import { SellerNotes, SellerWeeksTable } from './seller-weeks-table';
import { whatsappShareLink } from './share-link';

const t = heReports.seller;
// recharts is most of this page's weight: the figures and notes show first, the chart follows.
const SellerChart = lazy(() => import('./seller-chart').then((m) => ({ default: m.SellerChart })));

function AgencyHeader({ report }: { report: SharedReport }) {
  const { agency } = report;
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-brand-900 p-6 text-white">
      <div>
        <p className="text-2xl font-extrabold">{agency.agencyName}</p>
        <p>
          {agency.address}, {agency.city}
        </p>
      </div>
      <p className="flex flex-col text-end">
        <bdi dir="ltr">{agency.phone}</bdi>
        <bdi dir="ltr">{agency.email}</bdi>
      </p>
    </section>
  );
}

function PropertyCard({ report }: { report: SharedReport }) {
  const { property } = report;
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm sm:flex-row">
      {property.image && (
        <img
          src={property.image}
          alt={t.propertyImageAlt(property.address)}
          className="aspect-[3/2] w-full rounded-xl object-cover sm:w-64"
        />
      )}
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold text-brand-900">
          {property.address}
          {property.city && `, ${property.city}`}
        </h2>
        {property.category && (
          <p className="text-slate-700">
            {property.category}
            {property.typeTransaction && ` · ${property.typeTransaction}`}
          </p>
        )}
        <p className="text-slate-700">{t.period(formatDate(report.from), formatDate(report.to))}</p>
        {report.agent.name && (
          <p className="text-slate-700">
            {t.agentLine(report.agent.name, report.agent.gender)}
            <bdi dir="ltr">{report.agent.phone_number}</bdi>
          </p>
        )}
      </div>
    </section>
  );
}

/** /SellerReport/{token}: the read-only weekly report a seller opens from the agent's link. */
export function SellerReportPage() {
  const { token = '' } = useParams();
  const report = useSharedReport(token);

  if (report.isPending) return <StatusMessage busy>{he.common.loading}</StatusMessage>;
  if (report.isError) {
    const message =
      report.error instanceof ApiError && report.error.status < 500 ? report.error.message : t.unavailable;
    return (
      <Page title={t.unavailableTitle}>
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-lg text-red-900">
          {message}
        </p>
      </Page>
    );
  }

  const data = report.data;
  return (
    <div className="seller-report">
      <Page title={t.title} wide>
        <div className="flex flex-col gap-6">
          <AgencyHeader report={data} />
          <PropertyCard report={data} />
          <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
            <SellerWeeksTable report={data} />
          </section>
          {data.weeks.length > 0 && (
            <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
              <Suspense fallback={<StatusMessage busy>{he.common.loading}</StatusMessage>}>
                <SellerChart weeks={data.weeks} />
              </Suspense>
            </section>
          )}
          <SellerNotes report={data} />
          <SellerViewings viewings={data.viewings} />
          <div className="no-print flex flex-wrap items-center gap-3">
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" size={18} />
              {t.print}
            </Button>
            <a
              href={whatsappShareLink(data.url)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              <WhatsappIcon />
              {t.share}
            </a>
            <p className="text-sm text-slate-600">{t.validUntil(formatDate(new Date(data.expiresAt)))}</p>
          </div>
        </div>
      </Page>
    </div>
  );
}
