import { telLink } from '@shared/domain/phone';
import type { PublicSettings } from '@shared/schemas/settings';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useAgencySettings } from '@web/lib/settings';

const t = he.legal;

/** A settings text as blocks: paragraphs separated by blank lines; a block starting with '## ' is a heading. */
function Blocks({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks.map((block, i) => {
    const key = `${i}-${block.slice(0, 20)}`;
    if (!block.startsWith('## ')) {
      return (
        <p key={key} className="leading-relaxed whitespace-pre-line">
          {block}
        </p>
      );
    }
    const [heading = '', ...rest] = block.slice(3).split('\n');
    return (
      <div key={key} className="flex flex-col gap-2">
        <h2 className="mt-2 text-2xl font-bold text-brand-900">{heading.trim()}</h2>
        {rest.length > 0 && <p className="leading-relaxed whitespace-pre-line">{rest.join('\n').trim()}</p>}
      </div>
    );
  });
}

/** Where to ask for a copy, a correction or a deletion: the agency's own details from the settings. */
function Contact({ settings: s }: { settings: PublicSettings }) {
  return (
    <section aria-labelledby="privacy-contact" className="flex flex-col gap-2">
      <h2 id="privacy-contact" className="mt-2 text-2xl font-bold text-brand-900">
        {t.contactTitle}
      </h2>
      <p>{t.contactIntro}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t.email}</dt>
        <dd>
          <a href={`mailto:${s.email}`} className="text-brand-800 underline" dir="ltr">
            {s.email}
          </a>
        </dd>
        <dt className="font-semibold">{t.phone}</dt>
        <dd>
          <a href={telLink(s.phone)} className="text-brand-800 underline" dir="ltr">
            {s.phone}
          </a>
        </dd>
        <dt className="font-semibold">{t.address}</dt>
        <dd>
          {s.address}, {s.city}
        </dd>
      </dl>
    </section>
  );
}

function LegalPage({ title, text }: { title: string; text: (s: PublicSettings) => string }) {
  const settings = useAgencySettings();
  return (
    <Page title={title}>
      {settings ? (
        <div className="flex max-w-3xl flex-col gap-4 text-lg text-slate-800">
          <Blocks text={text(settings)} />
          <Contact settings={settings} />
        </div>
      ) : (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      )}
    </Page>
  );
}

/** /privacy: the agency's privacy policy (settings content), and where to ask for a copy or a deletion. */
export function PrivacyPage() {
  return <LegalPage title={t.privacyTitle} text={(s) => s.legal.privacy} />;
}

/** /terms: the agency's terms of use (settings content). */
export function TermsPage() {
  return <LegalPage title={t.termsTitle} text={(s) => s.legal.terms} />;
}
