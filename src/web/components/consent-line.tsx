import { paths } from '@shared/paths';
import { he } from '@web/i18n/he';
import { Link } from 'react-router';

const t = he.legal;
const link = 'font-semibold text-brand-800 underline';

/** The line under every public form: what sending it means, with the privacy policy and the terms. */
export function ConsentLine({ purpose }: { purpose?: string }) {
  return (
    <p className="text-sm text-slate-600">
      {purpose && `${purpose} `}
      {t.consentStart}{' '}
      <Link to={paths.privacy()} className={link}>
        {t.privacyTitle}
      </Link>{' '}
      {t.consentAnd}{' '}
      <Link to={paths.terms()} className={link}>
        {t.termsTitle}
      </Link>
      .
    </p>
  );
}
