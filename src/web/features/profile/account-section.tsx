import type { User } from '@shared/schemas/user';
import { admin as heAdmin } from '@web/i18n/admin';
import { OwnDetailsForm } from './own-details-form';
import { PasswordForm } from './password-form';

const t = heAdmin.account;

/** The profile page's own-account area: personal details and the password. */
export function AccountSection({ user }: { user: User }) {
  return (
    <section aria-labelledby="account-title" className="mt-8">
      <h2 id="account-title" className="mb-4 text-2xl font-bold text-brand-900">
        {t.title}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <h3 className="mb-4 text-lg font-semibold text-brand-900">{t.detailsTitle}</h3>
          <OwnDetailsForm user={user} />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <h3 className="mb-4 text-lg font-semibold text-brand-900">{t.passwordTitle}</h3>
          <PasswordForm email={user.email} />
        </div>
      </div>
    </section>
  );
}
