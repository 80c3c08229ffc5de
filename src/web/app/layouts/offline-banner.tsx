import { phoneApp } from '@web/i18n/phone-app';
import { useOfflineCopyTime, useOnline } from '@web/lib/offline-copies';
import { WifiOff } from 'lucide-react';

const t = phoneApp.offline;

/** Says when the app has no network, and how old the figures on screen are when they came from the device. */
export function OfflineBanner() {
  const online = useOnline();
  const copyTime = useOfflineCopyTime();
  const show = !online || copyTime !== null;
  return (
    <div role="status" aria-live="polite">
      {show && (
        <p className="flex items-start gap-2 bg-amber-100 px-4 py-2 text-amber-950">
          <WifiOff aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          <span>
            {online ? '' : `${t.banner} `}
            {copyTime ? t.copyFrom(copyTime) : t.noCopy}
          </span>
        </p>
      )}
    </div>
  );
}
