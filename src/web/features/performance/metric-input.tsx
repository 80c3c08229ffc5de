import { countProblem } from '@shared/schemas/metrics';
import { useId } from 'react';

/**
 * A compact number input of an editable table cell; its label is for screen readers. An invalid value (an
 * emptied cell included) shows its reason under the cell, and the cell is described by it.
 */
export function MetricInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const problem = countProblem(value, { required: true });
  const problemId = useId();
  return (
    <>
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-16 rounded border border-slate-300 px-1 py-0.5 aria-[invalid=true]:border-red-600"
      />
      {problem && (
        <span id={problemId} className="block max-w-28 text-xs text-red-700">
          {problem}
        </span>
      )}
    </>
  );
}
