import { he } from '@web/i18n/he';
import { X } from 'lucide-react';
import type { CloseButtonProps } from 'react-toastify';

/** A toast's close button, named in Hebrew (the library's own says 'close'), with the library's look. */
export function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={he.toasts.close}
      title={he.toasts.close}
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <X aria-hidden="true" size={16} />
    </button>
  );
}
