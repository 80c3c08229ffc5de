import { telLink } from '@shared/domain/phone';
import type { AccessibilityStatement } from '@shared/schemas/settings';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { formatDate } from '@web/lib/format';
import { useAgencySettings } from '@web/lib/settings';
import { useId } from 'react';

const t = he.accessibility;

/** Paragraphs separated by blank lines in a settings text. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Paragraphs({ text }: { text: string }) {
  return paragraphs(text).map((p) => (
    <p key={p} className="leading-relaxed whitespace-pre-line">
      {p}
    </p>
  ));
}

/** /accessibility: the accessibility statement, its texts and coordinator from the agency settings. */
export function AccessibilityPage() {
  const settings = useAgencySettings();
  return (
    <Page title={t.title}>
      {settings ? (
        <Statement agency={settings.agencyName} statement={settings.accessibility} />
      ) : (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      )}
    </Page>
  );
}

function Statement({ agency, statement: s }: { agency: string; statement: AccessibilityStatement }) {
  return (
    <div className="flex max-w-3xl flex-col gap-8 text-lg text-slate-800">
      <p className="leading-relaxed">{t.intro(agency)}</p>
      <Part title={t.levelTitle}>
        <p className="leading-relaxed">{t.level}</p>
      </Part>
      <Part title={t.testedTitle}>
        <Paragraphs text={s.tested} />
      </Part>
      <Part title={t.limitationsTitle}>
        {s.limitations.trim() ? <Paragraphs text={s.limitations} /> : <p>{t.noLimitations}</p>}
      </Part>
      <Part title={t.lastCheckedTitle}>
        <p>
          <time dateTime={s.lastChecked}>{t.lastChecked(formatDate(s.lastChecked))}</time>
        </p>
      </Part>
      <Part title={t.coordinatorTitle}>
        <p className="leading-relaxed">{t.coordinatorIntro}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2" data-testid="accessibility-coordinator">
          <dt className="font-semibold">{t.name}</dt>
          <dd>{s.coordinatorName}</dd>
          <dt className="font-semibold">{t.phone}</dt>
          <dd>
            <a
              href={telLink(s.coordinatorPhone)}
              aria-label={t.call(s.coordinatorPhone)}
              className="text-brand-700 underline"
            >
              <bdi dir="ltr">{s.coordinatorPhone}</bdi>
            </a>
          </dd>
          <dt className="font-semibold">{t.email}</dt>
          <dd>
            <a
              href={`mailto:${s.coordinatorEmail}`}
              aria-label={t.mail(s.coordinatorEmail)}
              className="text-brand-700 underline"
            >
              <bdi dir="ltr">{s.coordinatorEmail}</bdi>
            </a>
          </dd>
        </dl>
      </Part>
    </div>
  );
}
