import { formatDate } from '@shared/domain/israel-time';
import type { JobApplicationBody, LeadBody } from '@shared/schemas/leads';
import type { ValuationBody } from '@shared/schemas/valuation';

const timeFormatter = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});
const receivedAt = (at: Date) => `${formatDate(at)} ${timeFormatter.format(at)}`;

/** The office e-mails: plain text, Hebrew, everything the office needs to call back. */
export function leadMail(lead: Omit<LeadBody, 'website'>, at: Date) {
  return {
    subject: `פנייה חדשה מהאתר: ${lead.name}`,
    text: [
      'התקבלה פנייה חדשה בטופס "השאירו פרטים" באתר.',
      '',
      `שם: ${lead.name}`,
      `טלפון: ${lead.phone}`,
      `קטגוריה: ${lead.category}`,
      ...(lead.city ? [`עיר: ${lead.city}`] : []),
      `התקבלה: ${receivedAt(at)}`,
    ].join('\n'),
  };
}

export function valuationMail(request: Omit<ValuationBody, 'website'>, at: Date) {
  return {
    subject: `בקשה להערכת שווי: ${request.name}`,
    text: [
      'התקבלה בקשה חדשה בטופס "כמה שווה הנכס שלי?" באתר.',
      '',
      `שם: ${request.name}`,
      `טלפון: ${request.phone}`,
      `עיר: ${request.city}`,
      `רחוב: ${request.street}`,
      `חדרים: ${request.rooms}`,
      `גודל: ${request.size} מ"ר`,
      ...(request.message ? [`הודעה: ${request.message}`] : []),
      `התקבלה: ${receivedAt(at)}`,
    ].join('\n'),
  };
}

export function jobApplicationMail(application: Omit<JobApplicationBody, 'website'>, at: Date) {
  return {
    subject: `מועמדות חדשה לעבודה: ${application.fullName}`,
    text: [
      'התקבלה מועמדות חדשה בטופס "דרושים" באתר.',
      '',
      `שם מלא: ${application.fullName}`,
      `טלפון: ${application.phone}`,
      `מייל: ${application.email}`,
      `התקבלה: ${receivedAt(at)}`,
    ].join('\n'),
  };
}
