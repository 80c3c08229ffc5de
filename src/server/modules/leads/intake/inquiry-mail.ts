import { formatDate } from '@shared/domain/israel-time';

const timeFormatter = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});
const price = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  maximumFractionDigits: 0,
});

type InquiryMailInput = {
  name: string;
  phone: string;
  message: string;
  property: { address: string; city: string; price: number; category: string };
  propertyUrl: string;
  agentName: string | null;
};

/** The e-mail to the property's agent (copy to the office): who asked, about which property, and a link. */
export function inquiryMail(input: InquiryMailInput, at: Date) {
  const { property: p } = input;
  return {
    subject: `פנייה על ${p.category} ב${p.address}, ${p.city}: ${input.name}`,
    text: [
      input.agentName ? `שלום ${input.agentName},` : 'שלום,',
      'התקבלה פנייה חדשה מדף נכס באתר.',
      '',
      `שם: ${input.name}`,
      `טלפון: ${input.phone}`,
      ...(input.message ? [`הודעה: ${input.message}`] : []),
      '',
      `הנכס: ${p.category}, ${p.address}, ${p.city}`,
      `מחיר: ${price.format(p.price)}`,
      `קישור לנכס: ${input.propertyUrl}`,
      '',
      `התקבלה: ${formatDate(at)} ${timeFormatter.format(at)}`,
    ].join('\n'),
  };
}
