import { FieldError } from '@web/components/field-shell';
import { he } from '@web/i18n/he';
import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';

const t = he.properties.wizard;

type Props = { files: File[]; onChange: (files: File[]) => void; error?: string };

/** Several image files, previewed and removable before sending; anything that is not an image is left out. */
export function ImagePicker({ files, onChange, error }: Props) {
  const id = useId();
  const [rejected, setRejected] = useState<string[]>([]);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    setRejected(picked.filter((f) => !f.type.startsWith('image/')).map((f) => f.name));
    onChange([...files, ...picked.filter((f) => f.type.startsWith('image/'))]);
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {he.properties.fields.images}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
        className="rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 aria-[invalid=true]:border-red-600"
      />
      <FieldError id={`${id}-error`} error={error} />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t.imagesHint} {files.length > 0 && t.selected(files.length)}
      </p>
      {rejected.map((name) => (
        <p key={name} role="alert" className="text-sm text-red-700">
          {t.notImage(name)}
        </p>
      ))}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {files.map((file, i) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`} className="relative">
            <img
              src={previews[i]}
              alt={file.name}
              width={160}
              height={120}
              className="aspect-[4/3] w-full rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => onChange(files.filter((_, k) => k !== i))}
              aria-label={t.removeImage(file.name)}
              className="absolute end-1 top-1 rounded-full bg-white/90 p-1 text-red-700 shadow"
            >
              <X size={16} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
