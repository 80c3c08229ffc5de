import { ALERT_FREQUENCIES, ALERTS_CONSENT_TEXT } from '@shared/domain/alerts-consent';
import { savedSearchSentence } from '@shared/domain/saved-search';
import { paths } from '@shared/paths';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { FieldError } from '@web/components/field-shell';
import { PostedNotice } from '@web/components/posted-notice';
import { subscribe as t } from '@web/i18n/subscribe';
import { useFormOutcome } from '@web/lib/form-outcome';
import { useId } from 'react';
import { useLocation } from 'react-router';
import type { Filters } from './filters';
import { searchOf } from './search-of';

export const SAVE_SEARCH_ID = 'save-search';

/**
 * "שמירת החיפוש" before JavaScript: the button is a link to this form on the same listing (`?save=1`), a native
 * POST to the listing's address (`form=save-search`) with the dialog's very fields, consent box and search; the
 * server answers with this page, the confirmation (the double opt-in's mail, or a phone-only private link) or
 * each field's message with the values as typed.
 */
export function SaveSearchPost({ type, filters }: { type: 'sale' | 'rent'; filters: Filters }) {
  const posted = useFormOutcome('save-search');
  const location = useLocation();
  const frequencyId = useId();
  const search = searchOf(type, filters);
  const typed = posted.values;
  const error = (field: string) => posted.fieldError(field, 0);
  return (
    <section
      id={SAVE_SEARCH_ID}
      aria-labelledby="save-search-title"
      className="mb-6 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="save-search-title" className="text-xl font-bold text-brand-900">
        {t.searchTitle}
      </h2>
      <p className="my-3 rounded-xl bg-brand-50 p-3 text-brand-900">
        <span className="block text-sm text-slate-700">{t.searchLine}</span>
        <strong className="text-lg">{savedSearchSentence(search)}</strong>
      </p>
      {posted.token ? (
        <div role="status" className="flex flex-col gap-2 rounded-xl bg-green-50 p-4 text-green-900">
          <p className="font-semibold">{t.phoneOnlySaved}</p>
          <p>{t.phoneOnlyNoMail}</p>
          <p>{t.linkIntro}</p>
          <a href={paths.myAlerts(posted.token)} dir="ltr" className="break-all font-semibold underline">
            {paths.myAlerts(posted.token)}
          </a>
        </div>
      ) : posted.sent ? (
        <PostedNotice sent success={t.sent(posted.sentTo ?? '')} />
      ) : (
        <form
          method="post"
          action={`${location.pathname}${location.search}#${SAVE_SEARCH_ID}`}
          noValidate
          className="relative flex flex-col gap-3"
        >
          <input type="hidden" name="form" value="save-search" />
          <input type="hidden" name="search" value={JSON.stringify(search)} />
          <input type="hidden" name="consentText" value={ALERTS_CONSENT_TEXT} />
          <p className="text-slate-700">{t.searchIntro}</p>
          <p className="text-sm text-slate-700">{t.contactHint}</p>
          <ContactFields
            name={{
              label: t.name,
              name: 'name',
              required: true,
              error: error('name'),
              defaultValue: typed?.name,
            }}
            email={{ label: t.email, name: 'email', error: error('email'), defaultValue: typed?.email }}
            phone={{ label: t.phone, name: 'phone', error: error('phone'), defaultValue: typed?.phone }}
          />
          <fieldset
            aria-describedby={error('frequency') ? frequencyId : undefined}
            className="flex flex-col gap-1"
          >
            <legend className="mb-1 text-sm font-medium text-slate-700">{t.frequency}</legend>
            {ALERT_FREQUENCIES.map((value) => (
              <label key={value} className="inline-flex min-h-8 items-center gap-2">
                <input
                  type="radio"
                  name="frequency"
                  value={value}
                  defaultChecked={(typed?.frequency || 'immediate') === value}
                  className="size-4 accent-brand-700"
                />
                {t.frequencies[value]}
              </label>
            ))}
            <FieldError id={frequencyId} error={error('frequency')} />
          </fieldset>
          <ConsentFields
            consentBox={{
              text: ALERTS_CONSENT_TEXT,
              name: 'consent',
              error: error('consent') ?? error('consentText'),
              defaultChecked: Boolean(typed?.consent),
            }}
            honeypot={{ label: t.honeypot, name: 'website' }}
          >
            <PostedNotice sent={false} success="" message={posted.message ?? error('search')} />
          </ConsentFields>
          <Button type="submit">{t.submit}</Button>
        </form>
      )}
    </section>
  );
}
