import { admin as heAdmin } from '@web/i18n/admin';
import { ApiError } from '@web/lib/api-client';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';

type Props = {
  label: string;
  accept: string;
  /** Sends the file and resolves to its stored URL. */
  upload: (file: File) => Promise<string>;
  onUploaded: (url: string) => void;
  hint?: string;
};

/** A button that picks one file, uploads it at once and reports the stored URL (errors stay beside it). */
export function FileUploadButton({ label, accept, upload, onUploaded, hint }: Props) {
  const inputId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const onChange = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      onUploaded(await upload(file));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : heAdmin.common.uploadFailed);
    } finally {
      setBusy(false);
      if (ref.current) ref.current.value = '';
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={inputId}
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-300"
      >
        <Upload aria-hidden="true" size={16} />
        {busy ? heAdmin.common.uploading : label}
        <input
          ref={ref}
          id={inputId}
          type="file"
          accept={accept}
          className="sr-only"
          disabled={busy}
          onChange={(e) => onChange(e.target.files?.[0])}
        />
      </label>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
