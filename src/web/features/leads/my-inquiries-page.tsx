import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { InquiriesSection } from './inquiries-section';

/** /Inquiries (signed in): an agent's inquiries about the properties they handle. */
export function MyInquiriesPage() {
  return (
    <Page title={he.inquiries.inbox.mineTitle} wide>
      <InquiriesSection />
    </Page>
  );
}
