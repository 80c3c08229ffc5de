import type { PublicSettings } from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { settingsQuery } from '@web/lib/settings';
import { userKeys } from '@web/lib/users';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AgentPage } from './agent-page';

// An agent's public card (/AboutAgent/{id}): their own phone, or, when they keep it private, their branch's office
// phone named as such (docs/decisions/0057), with WhatsApp to the agency's line instead of a landline.

const person: PublicUser = {
  _id: 'a1',
  name: 'דנה לוי',
  phone_number: '052-123-4567',
  officePhone: false,
  companyRole: 'יועץ נדל"ן מוביל',
  gender: 'female',
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'סניף חיפה', slug: 'haifa' },
};
const settings = {
  agencyName: 'LINK נדל"ן',
  phone: '03-555-1234',
  whatsappPhone: '050-555-1234',
} as PublicSettings;

function show(user: PublicUser) {
  const client = new QueryClient();
  client.setQueryData(settingsQuery.queryKey, settings);
  client.setQueryData(userKeys.detail(user._id), user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/AboutAgent/${user._id}`]}>
        <Routes>
          <Route path="/AboutAgent/:id" element={<AgentPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the public card of an agent', () => {
  it("calls the agent's own phone and writes to it on WhatsApp, titled in her gender", () => {
    show(person);
    expect(screen.getByText('יועצת נדל"ן מובילה')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'חיוג 052-123-4567' })).toHaveAttribute('href', 'tel:0521234567');
    expect(screen.getByRole('link', { name: /וואטסאפ/ }).getAttribute('href')).toMatch(
      /wa\.me\/972521234567/,
    );
    expect(screen.queryByTestId('office-phone')).toBeNull();
  });

  it("shows the branch's office phone, named as the office's, when the agent keeps her own private", () => {
    show({ ...person, phone_number: '04-855-1234', officePhone: true });
    expect(screen.getByTestId('office-phone')).toHaveTextContent('בטלפון המשרד של סניף חיפה');
    expect(screen.getByRole('link', { name: 'חיוג למשרד 04-855-1234' })).toHaveAttribute(
      'href',
      'tel:048551234',
    );
    // A landline is no WhatsApp number: the agency's line answers.
    expect(screen.getByRole('link', { name: /וואטסאפ/ }).getAttribute('href')).toMatch(
      /wa\.me\/972505551234/,
    );
    expect(document.body).not.toHaveTextContent('052-123-4567');
  });

  it('offers no call button when neither the agent nor the branch has a phone', () => {
    show({ ...person, phone_number: '', officePhone: true });
    expect(screen.queryByRole('link', { name: /חיוג/ })).toBeNull();
  });
});
