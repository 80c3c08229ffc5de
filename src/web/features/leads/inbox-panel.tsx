import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useLeadsInbox } from './api';
import { InboxTable, phoneCell, receivedAt } from './inbox-table';
import { InquiriesSection } from './inquiries-section';
import { MailStatus } from './mail-status';

const t = he.publicSite.leads;
/**
 * The mail view of /Leads (admin): the office e-mails about inquiries and lead-form submissions with their
 * delivery state (a failed one can be resent), and the job applications, which are not leads.
 */
export function InboxPanel() {
  const inbox = useLeadsInbox();
  return (
    <>
      <div className="mb-10">
        <InquiriesSection admin />
      </div>
      {inbox.isPending ? (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      ) : inbox.isError ? (
        <StatusMessage>{t.loadFailure}</StatusMessage>
      ) : (
        <div className="flex flex-col gap-10">
          <InboxTable
            title={t.leadsTitle}
            rows={inbox.data.leads}
            columns={[
              { header: t.receivedAt, cell: (r) => receivedAt(r.createdAt) },
              { header: t.name, cell: (r) => r.name },
              { header: t.phone, cell: (r) => phoneCell(r.phone) },
              { header: t.category, cell: (r) => r.category },
              { header: t.mail, cell: (r) => <MailStatus mail={r.mail} /> },
            ]}
          />
          <InboxTable
            title={t.jobsTitle}
            rows={inbox.data.jobApplications}
            columns={[
              { header: t.receivedAt, cell: (r) => receivedAt(r.createdAt) },
              { header: t.fullName, cell: (r) => r.fullName },
              { header: t.phone, cell: (r) => phoneCell(r.phone) },
              { header: t.email, cell: (r) => <span dir="ltr">{r.email}</span> },
              { header: t.mail, cell: (r) => <MailStatus mail={r.mail} /> },
            ]}
          />
        </div>
      )}
    </>
  );
}
