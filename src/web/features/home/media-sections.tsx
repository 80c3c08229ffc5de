import type { AgencySettings } from '@shared/schemas/settings';
import { he } from '@web/i18n/he';

const t = he.publicSite.home;

/** The offers image and the agents video (with controls, never autoplaying). */
export function OffersAndTeam({ media }: { media: AgencySettings['media'] | undefined }) {
  return (
    <section aria-label={t.offersTitle} className="bg-brand-50 px-4 py-16">
      <div className="mx-auto grid max-w-6xl items-start gap-10 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <h2 className="text-3xl font-bold text-brand-900">{t.offersTitle}</h2>
          {media?.offersImage && (
            <img
              src={media.offersImage}
              alt={t.offersAlt}
              width={1200}
              height={800}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full rounded-2xl object-cover shadow-md"
            />
          )}
        </div>
        <div className="flex flex-col gap-4">
          <h2 className="text-3xl font-bold text-brand-900">{t.agentsTitle}</h2>
          {media?.agentsVideo && (
            // biome-ignore lint/a11y/useMediaCaption: the shipped placeholder has no sound; the agency's own video comes through settings, which take no caption file yet
            <video
              controls
              playsInline
              preload="none"
              poster={media.agentsPoster || undefined}
              aria-label={t.agentsVideoLabel}
              className="aspect-video w-full rounded-2xl bg-brand-900 shadow-md"
              data-testid="agents-video"
            >
              <source src={media.agentsVideo} type="video/mp4" />
              {t.videoUnsupported}
            </video>
          )}
        </div>
      </div>
    </section>
  );
}
