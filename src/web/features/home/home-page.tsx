import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { he } from '@web/i18n/he';
import { useAgencySettings } from '@web/lib/settings';
import { Link } from 'react-router';

export function HomePage() {
  const settings = useAgencySettings();
  return (
    <section className="flex min-h-[80vh] flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-900 to-brand-700 px-4 pt-24 pb-16 text-center text-white">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        ברוכים הבאים ל{settings?.agencyName ?? he.brand}
      </h1>
      <p className="max-w-2xl text-xl text-brand-50">
        קנייה, מכירה והשכרה של נכסים עם ליווי מקצועי מלא מהצעד הראשון ועד החתימה.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.sale()} className={buttonClass('secondary')}>
          {he.nav.sale}
        </Link>
        <Link to={paths.rent()} className={buttonClass('secondary')}>
          {he.nav.rent}
        </Link>
      </div>
    </section>
  );
}
