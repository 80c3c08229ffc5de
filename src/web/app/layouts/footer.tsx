import { telLink } from '@shared/domain/phone';
import { paths } from '@shared/paths';
import { Logo } from '@web/components/logo';
import { SocialLinks } from '@web/components/social-links';
import { he } from '@web/i18n/he';
import { HOME_SECTIONS, type HomeSection, useGoToHomeSection } from '@web/lib/home-sections';
import { useAgencySettings } from '@web/lib/settings';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';

const t = he.publicSite.footer;
const linkClass = 'rounded hover:text-accent-400 hover:underline';

/** A footer link to a home section: smooth scroll on home, otherwise home first and then the scroll. */
function SectionLink({ id, children }: { id: HomeSection; children: string }) {
  const goTo = useGoToHomeSection();
  return (
    <a
      href={`${paths.home()}#${id}`}
      className={linkClass}
      onClick={(event) => {
        event.preventDefault();
        goTo(id);
      }}
    >
      {children}
    </a>
  );
}

/** Every page's footer (SPEC section 1): hours, office contact, links and the copyright line. */
export function Footer() {
  const settings = useAgencySettings();
  const agency = settings?.agencyName ?? he.brand;
  const social = 'rounded-full bg-white/10 p-2 hover:bg-white/20';
  return (
    <footer className="surface-dark bg-brand-900 px-4 pt-12 pb-6 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col items-start gap-3">
          <Logo />
          <p className="text-sm">{agency}</p>
        </div>
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-white">{t.hoursTitle}</h2>
          <p className="flex items-start gap-2">
            <Clock aria-hidden="true" size={18} className="mt-1 shrink-0" />
            {/* From the settings (demo: Sunday to Thursday, 9:00-16:00), so the office can change them. */}
            <span>{settings?.officeHours}</span>
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-white">{t.contactTitle}</h2>
          {settings && (
            <address className="flex flex-col gap-2 not-italic">
              <span className="flex items-center gap-2">
                <MapPin aria-hidden="true" size={18} />
                {settings.address}, {settings.city}
              </span>
              <a
                href={telLink(settings.phone)}
                className={`flex items-center gap-2 ${linkClass}`}
                aria-label={t.call(settings.phone)}
              >
                <Phone aria-hidden="true" size={18} />
                <span dir="ltr">{settings.phone}</span>
              </a>
              <a
                href={`mailto:${settings.email}`}
                className={`flex items-center gap-2 ${linkClass}`}
                aria-label={t.mail(settings.email)}
              >
                <Mail aria-hidden="true" size={18} />
                <span dir="ltr">{settings.email}</span>
              </a>
            </address>
          )}
          {settings && (
            <ul className="mt-2 flex gap-2">
              <li>
                <a
                  href={telLink(settings.phone)}
                  aria-label={t.call(settings.phone)}
                  className={`block ${social}`}
                >
                  <Phone aria-hidden="true" size={20} />
                </a>
              </li>
              <SocialLinks settings={settings} linkClassName={`block ${social}`} />
            </ul>
          )}
        </div>
        <nav aria-label={t.linksTitle} className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-white">{t.linksTitle}</h2>
          <ul className="flex flex-col gap-1">
            <li>
              <SectionLink id={HOME_SECTIONS.whoWeAre}>{t.whoWeAre}</SectionLink>
            </li>
            <li>
              <SectionLink id={HOME_SECTIONS.leaveDetails}>{t.leaveDetails}</SectionLink>
            </li>
            <li>
              <Link to={paths.favourites()} className={linkClass}>
                {he.favourites.myFavourites}
              </Link>
            </li>
            <li>
              <Link to={paths.investorPlans()} className={linkClass}>
                {t.investorPlans}
              </Link>
            </li>
            <li>
              <Link to={paths.jobNeedForm()} className={linkClass}>
                {t.jobs}
              </Link>
            </li>
            <li>
              <Link to={paths.accessibility()} className={linkClass}>
                {he.accessibility.footerLink}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy()} className={linkClass}>
                {he.legal.privacyTitle}
              </Link>
            </li>
            <li>
              <Link to={paths.terms()} className={linkClass}>
                {he.legal.termsTitle}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-white/15 pt-4 text-center text-sm">
        {t.copyright(new Date().getFullYear(), agency)}
      </p>
    </footer>
  );
}

/**
 * The signed-in area's footer: one quiet line (the copyright, the accessibility statement, the privacy policy)
 * instead of the public site's, so a working page ends with its own content, not the office's address.
 */
export function StaffFooter() {
  const settings = useAgencySettings();
  const agency = settings?.agencyName ?? he.brand;
  return (
    <footer className="border-t border-slate-200 bg-slate-50 px-4 pt-3 pb-24 text-sm text-slate-700 md:pb-3">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <span>{t.copyright(new Date().getFullYear(), agency)}</span>
        <Link to={paths.accessibility()} className="underline">
          {he.accessibility.footerLink}
        </Link>
        <Link to={paths.privacy()} className="underline">
          {he.legal.privacyTitle}
        </Link>
      </div>
    </footer>
  );
}
