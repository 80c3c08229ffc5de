import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { useAgencySettings } from '@web/lib/settings';

type Agent = NonNullable<Property['agent']>;

/** Who answers for a property: the chosen agent, else the other one, else the office's contact. */
export function usePropertyContact(property: Property, preferSecond = false) {
  const settings = useAgencySettings();
  const agent: Agent | null =
    (preferSecond && property.agentSecend) || property.agent || property.agentSecend || null;
  return {
    agent,
    name: agent?.name ?? settings?.agencyName ?? he.properties.view.office,
    phone: agent?.phone_number ?? settings?.phone,
    chatPhone: agent?.phone_number ?? settings?.whatsappPhone ?? settings?.phone,
    message: he.properties.view.whatsappText(property.address, property.city),
  };
}
