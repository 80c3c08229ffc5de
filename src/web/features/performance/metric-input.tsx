import { countSchema } from '@shared/schemas/metrics';

/** A compact number input of an editable table cell; its label is for screen readers. */
export function MetricInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const invalid = !countSchema.safeParse(value).success;
  return (
    <input
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="w-16 rounded border border-slate-300 px-1 py-0.5 aria-[invalid=true]:border-red-600"
    />
  );
}
