import type { Property } from '@shared/schemas/property';
import type { PublicSettings } from '@shared/schemas/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { settingsQuery } from '@web/lib/settings';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AgentPanel } from './agent-panel';
import { ContactBar } from './contact-bar';

// The property page's contact reaches the listing's branch (issue 33): without an agent, its office phone is the
// one to call; with an agent, the branch is one call away beside the agent and its name links to its page.

const branch = { _id: 'b2', name: 'סניף חיפה', slug: 'haifa', phone: '04-855-1234' };
const agent = { _id: 'a1', name: 'דנה לוי', phone_number: '052-123-4567', officePhone: false, image: null };
const base = {
  _id: 'prop1',
  typeTransaction: 'מכירה',
  sold: false,
  city: 'חיפה',
  address: 'מוריה 40',
  price: 1_800_000,
  category: 'דירה',
  features: [],
  photos: [],
  agent: null,
  agentSecend: null,
  branch,
} as unknown as Property;
const settings = {
  agencyName: 'LINK נדל"ן',
  phone: '03-555-1234',
  whatsappPhone: '050-555-1234',
} as PublicSettings;

function show(property: Property) {
  const client = new QueryClient();
  client.setQueryData(settingsQuery.queryKey, settings);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AgentPanel property={property} />
        <ContactBar property={property} onInquire={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    panel: within(screen.getByRole('region', { name: 'יצירת קשר' })),
    bar: within(screen.getByTestId('contact-bar')),
  };
}

describe('the contact of a property', () => {
  it("without an agent calls the listing's branch, named as the contact", () => {
    const { panel, bar } = show(base);
    expect(panel.getByTestId('agent-name')).toHaveTextContent('סניף חיפה');
    expect(panel.getByRole('link', { name: 'חיוג' })).toHaveAttribute('href', 'tel:048551234');
    expect(bar.getByRole('link', { name: /חיוג/ })).toHaveAttribute('href', 'tel:048551234');
    expect(panel.queryByTestId('call-branch')).toBeNull();
    expect(panel.getByRole('link', { name: 'לדף של סניף חיפה' })).toHaveAttribute('href', '/branches/haifa');
  });

  it("with an agent calls the agent, and offers the branch's office phone beside", () => {
    const { panel, bar } = show({ ...base, agent });
    expect(panel.getByTestId('agent-name')).toHaveTextContent('דנה לוי');
    expect(panel.getByRole('link', { name: 'חיוג' })).toHaveAttribute('href', 'tel:0521234567');
    expect(bar.getByRole('link', { name: /חיוג/ })).toHaveAttribute('href', 'tel:0521234567');
    expect(panel.getByRole('link', { name: 'התקשרו לסניף חיפה' })).toHaveAttribute('href', 'tel:048551234');
  });

  it("falls back to the agency's office when the branch has no phone", () => {
    const { panel } = show({ ...base, branch: { ...branch, phone: '' } });
    expect(panel.getByTestId('agent-name')).toHaveTextContent('LINK נדל"ן');
    expect(panel.getByRole('link', { name: 'חיוג' })).toHaveAttribute('href', 'tel:035551234');
    expect(panel.queryByTestId('call-branch')).toBeNull();
  });

  it("names an agent who keeps their phone private with the branch's office phone, WhatsApp to the agency", () => {
    const { panel } = show({ ...base, agent: { ...agent, phone_number: '04-855-1234', officePhone: true } });
    expect(panel.getByTestId('agent-name')).toHaveTextContent('דנה לוי');
    expect(panel.getByTestId('office-phone')).toHaveTextContent('בטלפון המשרד של סניף חיפה');
    expect(panel.getByRole('link', { name: 'חיוג' })).toHaveAttribute('href', 'tel:048551234');
    expect(panel.getByRole('link', { name: /וואטסאפ/ }).getAttribute('href')).toMatch(/wa\.me\/972505551234/);
    // The office is already the number to call: no second button for it.
    expect(panel.queryByTestId('call-branch')).toBeNull();
    expect(screen.getByRole('region', { name: 'יצירת קשר' })).not.toHaveTextContent('052-123-4567');
  });
});
