import { zodResolver } from '@hookform/resolvers/zod';
import { type AgencySettings, agencySettingsSchema } from '@shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { networkSettingsQuery } from '@web/lib/settings';
import { toast } from '@web/lib/toast';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { AccessibilityFields } from './accessibility-fields';
import { useSaveSettings } from './api';
import { BackupSection } from './backup-section';
import { DetailsFields } from './details-fields';
import { FoundersFields } from './founders-fields';
import { LastImport } from './last-import';
import { LegalFields } from './legal-fields';
import { MediaFields } from './media-fields';

/** Admin: every detail of the agency in one form. */
export function SettingsPage() {
  const settings = useQuery(networkSettingsQuery);
  return (
    <Page title={heAdmin.settings.title} wide>
      {settings.data ? (
        <div className="flex flex-col gap-6">
          <SettingsForm initial={settings.data} />
          <BackupSection />
        </div>
      ) : settings.isError ? (
        <StatusMessage>{he.common.generalError}</StatusMessage>
      ) : (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      )}
      <LastImport />
    </Page>
  );
}

function SettingsForm({ initial }: { initial: AgencySettings }) {
  const save = useSaveSettings();
  const form = useForm<AgencySettings>({
    resolver: zodResolver(agencySettingsSchema),
    defaultValues: initial,
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(heAdmin.common.saved);
      },
      onError: (err) => {
        if (isSessionEnd(err)) return;
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fieldErrors))
            form.setError(field as Path<AgencySettings>, { message });
        toast.error(err instanceof ApiError ? err.message : heAdmin.common.saveFailed);
      },
    }),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <DetailsFields />
        <FoundersFields />
        <MediaFields />
        <AccessibilityFields />
        <LegalFields />
        <div className="sticky bottom-0 -mx-4 flex gap-3 bg-slate-50/95 px-4 py-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? heAdmin.common.saving : heAdmin.common.save}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
