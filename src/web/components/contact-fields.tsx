import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { ConsentLine } from './consent-line';
import { FieldError } from './field-shell';
import { FormField } from './form-field';

/** One field's own props: its label, error, registration (name, ref, handlers), required and default value. */
type Field = Omit<ComponentPropsWithRef<typeof FormField>, 'type' | 'autoComplete' | 'inputMode' | 'dir'>;
type Input = ComponentPropsWithRef<'input'>;

/**
 * Who the visitor is, as every public form asks it (the inquiry, the valuation, the alerts): a name, an e-mail
 * and a phone, each when the form asks for it, each with the keyboard and autofill a phone offers for it.
 * Each form keeps its own labels, messages and whether a field is required.
 */
export function ContactFields({ name, email, phone }: { name?: Field; email?: Field; phone?: Field }) {
  return (
    <>
      {name && <FormField autoComplete="name" {...name} />}
      {email && <FormField type="email" autoComplete="email" inputMode="email" dir="ltr" {...email} />}
      {phone && <FormField type="tel" autoComplete="tel" inputMode="tel" dir="ltr" {...phone} />}
    </>
  );
}

/** An unticked consent box with its exact wording (the alerts' consent, which the server stores). */
function ConsentBox({ text, error, ...input }: Input & { text: string; error?: string }) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {text}
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * The end of every public form: an optional consent box, the honeypot (invisible to people and skipped by
 * keyboard; bots that fill it are dropped by the server), whatever the form shows there (`children`), and the
 * line on what sending means, with the privacy policy and the terms.
 */
export function ConsentFields({
  honeypot: { label, ...honeypot },
  consentBox,
  purpose,
  lineClassName,
  children,
}: {
  honeypot: Input & { label: string };
  consentBox?: Input & { text: string; error?: string };
  purpose?: string;
  lineClassName?: string;
  children?: ReactNode;
}) {
  return (
    <>
      {consentBox && <ConsentBox {...consentBox} />}
      <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
        <label>
          {label}
          <input type="text" tabIndex={-1} autoComplete="off" {...honeypot} />
        </label>
      </div>
      {children}
      <div className={lineClassName}>
        <ConsentLine purpose={purpose} />
      </div>
    </>
  );
}
