import { type BaseSyntheticEvent, type ChangeEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Errors<T> = Partial<Record<keyof T & string, { message?: string }>>;

/**
 * The form state of the public pages' small forms (the lead and the inquiry form): uncontrolled fields read
 * from the DOM, validated by a react-hook-form resolver (the shared zod schema, loaded on first use), with
 * react-hook-form's own rules: errors appear on submit, then each change re-validates its field, and a failed
 * submit focuses the first field in error. The same calls as useForm for these forms (register, handleSubmit,
 * reset, setValue, setError, errors, submitCount) without react-hook-form's 15 KB in the pages' first load;
 * the signed-in area's larger forms keep react-hook-form.
 */
export function useLightForm<T extends FieldValues>(options: {
  resolver: Resolver<T>;
  defaultValues: { [K in keyof T]?: T[K] };
}) {
  const fields = useRef(new Map<keyof T & string, Field>());
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitCount, setSubmitCount] = useState(0);
  const submitted = useRef(false);
  const { resolver, defaultValues } = options;
  const initial = useRef(defaultValues);

  const values = useCallback(() => {
    const out: Record<string, string> = {};
    for (const [name, el] of fields.current) out[name] = el.value;
    return out as unknown as T;
  }, []);

  const validate = useCallback(async () => {
    const result = await resolver(values(), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    });
    const found: Errors<T> = {};
    for (const [name, error] of Object.entries(result.errors ?? {})) {
      found[name as keyof T & string] = { message: (error as { message?: string } | undefined)?.message };
    }
    return { values: result.values as T, errors: found };
  }, [resolver, values]);

  const register = useCallback(
    (name: keyof T & string) => ({
      name,
      ref: (el: Field | null) => {
        if (!el) {
          fields.current.delete(name);
          return;
        }
        if (!fields.current.has(name)) {
          const start = initial.current[name];
          if (start !== undefined && start !== null && el.value === '') el.value = String(start);
        }
        fields.current.set(name, el);
      },
      onChange: async (_event: ChangeEvent<Field>) => {
        if (!submitted.current) return;
        const { errors: found } = await validate();
        setErrors((current) => {
          if (current[name]?.message === found[name]?.message) return current;
          const next = { ...current };
          if (found[name]) next[name] = found[name];
          else delete next[name];
          return next;
        });
      },
      onBlur: () => undefined,
    }),
    [validate],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => unknown) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await validate();
      setErrors(result.errors);
      setSubmitCount((count) => count + 1);
      const firstInvalid = [...fields.current].find(([name]) => result.errors[name]);
      if (firstInvalid) firstInvalid[1].focus();
      else await onValid(result.values);
    },
    [validate],
  );

  const setValue = useCallback((name: keyof T & string, value: string) => {
    const el = fields.current.get(name);
    if (el) el.value = value;
  }, []);

  const reset = useCallback((next: { [K in keyof T]?: T[K] }) => {
    for (const [name, el] of fields.current) el.value = String(next[name] ?? '');
    submitted.current = false;
    setErrors({});
    setSubmitCount(0);
  }, []);

  const setError = useCallback((name: keyof T & string, error: { message?: string }) => {
    setErrors((current) => ({ ...current, [name]: error }));
  }, []);

  return useMemo(
    () => ({ register, handleSubmit, reset, setValue, setError, formState: { errors, submitCount } }),
    [register, handleSubmit, reset, setValue, setError, errors, submitCount],
  );
}
