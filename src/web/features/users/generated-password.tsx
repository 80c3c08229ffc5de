import { Button } from '@web/components/button';
import { admin as heAdmin } from '@web/i18n/admin';
import { toast } from '@web/lib/toast';

const t = heAdmin.users;

/** The generated first password, shown once right after creating the user. */
export function GeneratedPassword({
  email,
  password,
  onClose,
}: {
  email: string;
  password: string;
  onClose: () => void;
}) {
  const copy = async () => {
    await navigator.clipboard?.writeText(password);
    toast.success(t.copied);
  };
  return (
    <section
      aria-labelledby="generated-password-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="generated-password-title" className="font-semibold text-amber-900">
        {t.generatedTitle}
      </h2>
      <p className="my-2 text-sm text-amber-900">{t.generatedText(email)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code data-testid="generated-password" dir="ltr" className="rounded bg-white px-3 py-1 text-lg">
          {password}
        </code>
        <Button variant="secondary" onClick={copy}>
          {t.copy}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </section>
  );
}
