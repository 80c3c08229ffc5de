import { RecentlyViewed } from '@web/components/recently-viewed';
import { he } from '@web/i18n/he';
import { useDocumentTitle } from '@web/lib/document-title';
import { useScrollToHash } from '@web/lib/home-sections';
import { useAgencySettings } from '@web/lib/settings';
import { WhoWeAre, WhyChooseUs } from './about-sections';
import { BuySellOptions } from './buy-sell-options';
import { IntroHero } from './intro-hero';
import { LeadForm } from './lead-form';
import { OffersAndTeam } from './media-sections';
import { ServicesSlider } from './services-slider';

/** Home (SPEC section 1): intro, who we are, why us (with the reasons), services, offers and team, options, lead form. */
export function HomePage() {
  const settings = useAgencySettings();
  useScrollToHash();
  useDocumentTitle(he.brand);
  return (
    <>
      <IntroHero settings={settings} />
      <WhoWeAre />
      <WhyChooseUs />
      <ServicesSlider />
      <OffersAndTeam media={settings?.media} />
      <BuySellOptions />
      <RecentlyViewed className="mx-auto w-full max-w-7xl px-4 py-10" />
      <LeadForm />
    </>
  );
}
