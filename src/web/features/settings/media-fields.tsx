import type { AgencySettings } from '@shared/schemas/settings';
import { FileUploadButton } from '@web/components/file-upload-button';
import { admin as heAdmin } from '@web/i18n/admin';
import { useFormContext } from 'react-hook-form';
import { uploadMedia } from './api';
import { Section } from './details-fields';

const t = heAdmin.settings;
type MediaKey = keyof AgencySettings['media'];

const SLOTS: { key: MediaKey; kind: 'video' | 'image' }[] = [
  { key: 'introVideo', kind: 'video' },
  { key: 'introPoster', kind: 'image' },
  { key: 'agentsVideo', kind: 'video' },
  { key: 'agentsPoster', kind: 'image' },
  { key: 'offersImage', kind: 'image' },
];

function Preview({ kind, url, label }: { kind: 'video' | 'image'; url: string; label: string }) {
  if (!url) return <p className="text-sm text-slate-600">{heAdmin.common.noImage}</p>;
  if (kind === 'image') return <img src={url} alt={label} className="h-28 w-full rounded-lg object-cover" />;
  return (
    <video
      src={url}
      className="h-28 w-full rounded-lg bg-black object-cover"
      muted
      controls
      preload="metadata"
      aria-label={label}
    />
  );
}

/** The home page's videos and pictures: each slot uploads a file and keeps its URL until saved. */
export function MediaFields() {
  const {
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  return (
    <Section title={t.media}>
      {SLOTS.map(({ key, kind }) => {
        const url = watch(`media.${key}`);
        return (
          <div key={key} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-brand-900">{t[key]}</h3>
            <Preview kind={kind} url={url} label={`${t.current}: ${t[key]}`} />
            <FileUploadButton
              label={kind === 'video' ? heAdmin.common.chooseFile : heAdmin.common.chooseImage}
              accept={kind === 'video' ? 'video/mp4,video/webm' : 'image/*'}
              hint={kind === 'video' ? t.videoHint : undefined}
              upload={uploadMedia(kind)}
              onUploaded={(next) => setValue(`media.${key}`, next, { shouldDirty: true })}
            />
            {errors.media?.[key]?.message && (
              <p className="text-sm text-red-700">{errors.media[key]?.message}</p>
            )}
          </div>
        );
      })}
    </Section>
  );
}
