import type { User } from '@shared/schemas/user';
import { Button } from '@web/components/button';
import { phoneApp } from '@web/i18n/phone-app';
import { isInstalledApp, useInstallPrompt } from '@web/lib/install-prompt';

const t = phoneApp.install;

/** How to put the app on the home screen: the browser's own offer where it has one, and the steps on iOS. */
export function InstallHint({ user }: { user: User }) {
  const { canInstall, install } = useInstallPrompt();
  if (isInstalledApp()) {
    return <p className="mt-8 rounded-2xl bg-white p-6 font-medium shadow-sm">{t.installed}</p>;
  }
  return (
    <section aria-labelledby="install-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="install-title" className="mb-2 text-2xl font-bold text-brand-900">
        {t.title}
      </h2>
      <p className="mb-4 text-slate-700">{t.intro(user.gender)}</p>
      {canInstall && (
        <Button className="mb-4 min-h-11" onClick={() => void install()}>
          {t.button}
        </Button>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Steps title={t.iosTitle} steps={t.iosSteps} />
        <Steps title={t.androidTitle} steps={t.androidSteps} />
      </div>
    </section>
  );
}

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <div>
      <h3 className="mb-1 font-semibold text-brand-900">{title}</h3>
      <ol className="list-decimal ps-6 text-slate-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
