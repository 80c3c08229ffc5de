import { variantSrcSet } from '@shared/domain/image-variants';
import { telLink } from '@shared/domain/phone';
import type { PublicSettings } from '@shared/schemas/settings';
import { buttonClass } from '@web/components/button';
import { he } from '@web/i18n/he';
import { HOME_SECTIONS, useGoToHomeSection } from '@web/lib/home-sections';
import { useReducedMotion } from '@web/lib/use-reduced-motion';
import { Pause, Phone, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

const t = he.publicSite.home;

/**
 * The looping intro video behind the welcome heading. The poster image under it is what paints first (the
 * video has no poster of its own, so the picture is not fetched twice): the video only loads its metadata up front, and never plays by itself when the visitor prefers reduced motion. A visible
 * control pauses and plays it (WCAG 2.2.2); its name follows what the video is really doing.
 */
function IntroVideo({ src }: { src: string }) {
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(!reduced);
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React does not reflect `muted` as an attribute; browsers only autoplay muted video.
    video.muted = true;
    if (reduced) video.pause();
    else video.play().catch(() => setPlaying(false));
  }, [reduced]);
  if (!src) return null;
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  return (
    <>
      <video
        ref={ref}
        className="absolute inset-0 h-full w-full object-cover"
        muted
        loop
        playsInline
        autoPlay={!reduced}
        preload={reduced ? 'none' : 'metadata'}
        aria-label={t.introVideoLabel}
        data-testid="intro-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={src} type="video/mp4" />
      </video>
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? t.pauseVideo : t.playVideo}
        title={playing ? t.pauseVideo : t.playVideo}
        className="absolute end-4 bottom-4 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75"
      >
        {playing ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
      </button>
    </>
  );
}

export function IntroHero({ settings }: { settings: PublicSettings | undefined }) {
  const goTo = useGoToHomeSection();
  const poster = settings?.media.introPoster ?? '';
  return (
    <section
      aria-labelledby="home-title"
      className="surface-dark relative isolate flex min-h-[85vh] items-center justify-center overflow-hidden bg-brand-900 px-4 pt-24 pb-16 text-center text-white"
    >
      {poster && (
        // The largest paint: in the server's HTML, at the width the screen needs, fetched first.
        <img
          src={poster}
          srcSet={variantSrcSet(poster)}
          sizes="100vw"
          alt=""
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
      {settings && <IntroVideo src={settings.media.introVideo} />}
      <div className="absolute inset-0 bg-black/45" aria-hidden="true" />
      <div className="relative flex max-w-3xl flex-col items-center gap-6">
        <h1 id="home-title" className="text-4xl font-extrabold drop-shadow sm:text-6xl">
          {t.welcome(settings?.agencyName ?? he.brand)}
        </h1>
        <p className="text-xl text-brand-50 drop-shadow sm:text-2xl">{t.tagline}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {settings && (
            <a href={telLink(settings.phone)} className={`${buttonClass('primary')} text-lg`}>
              <Phone aria-hidden="true" size={20} />
              {t.callUs} <span dir="ltr">{settings.phone}</span>
            </a>
          )}
          <button
            type="button"
            className={`${buttonClass('secondary')} text-lg`}
            onClick={() => goTo(HOME_SECTIONS.leaveDetails)}
          >
            {t.leaveDetails}
          </button>
        </div>
      </div>
    </section>
  );
}
