import type { PublicSettings } from '@shared/schemas/settings';
import { buttonClass } from '@web/components/button';
import { he } from '@web/i18n/he';
import { HOME_SECTIONS, useGoToHomeSection } from '@web/lib/home-sections';
import { CircleCheck } from 'lucide-react';

const t = he.publicSite.home;

/** 'Our offers': what the agency offers sellers and buyers, beside its image, with a way to take it up. */
function Offers({ image }: { image: string }) {
  const goTo = useGoToHomeSection();
  return (
    <div className="grid items-center gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <h2 className="text-3xl font-bold text-brand-900">{t.offersTitle}</h2>
        <p className="text-lg text-slate-700">{t.offersIntro}</p>
        <ul className="flex flex-col gap-3">
          {t.offers.map((offer) => (
            <li key={offer.title} className="flex gap-3">
              <CircleCheck aria-hidden="true" className="mt-1 shrink-0 text-brand-700" size={22} />
              <p className="text-slate-800">
                <strong className="font-semibold text-brand-900">{offer.title}</strong> {offer.text}
              </p>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={`${buttonClass('primary')} self-start`}
          onClick={() => goTo(HOME_SECTIONS.leaveDetails)}
        >
          {t.offersAction}
        </button>
      </div>
      {image && (
        <img
          src={image}
          alt={t.offersAlt}
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full rounded-2xl object-cover shadow-md"
        />
      )}
    </div>
  );
}

/** The offers with their image, then the agents video (with controls, never autoplaying). */
export function OffersAndTeam({ media }: { media: PublicSettings['media'] | undefined }) {
  return (
    <section aria-label={t.offersTitle} className="bg-brand-50 px-4 py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-16">
        <Offers image={media?.offersImage ?? ''} />
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
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
