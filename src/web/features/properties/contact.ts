import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { useAgencySettings } from '@web/lib/settings';

type Agent = NonNullable<Property['agent']>;

/**
 * Who answers for a property: the chosen agent, else the other one, else the listing's branch (its office phone,
 * where the branch has one), else the agency's office. The answers name only agents the site shows, with the
 * office phone for one who keeps their own private (`officePhone`, decision 0057). WhatsApp goes to the agent's
 * own phone, else the agency's WhatsApp line (a branch has an office phone, not a WhatsApp number).
 */
export function usePropertyContact(property: Property, preferSecond = false) {
  const settings = useAgencySettings();
  const agent: Agent | null =
    (preferSecond && property.agentSecend) || property.agent || property.agentSecend || null;
  const branchPhone = property.branch.phone || undefined;
  const office = branchPhone ? property.branch.name : settings?.agencyName;
  return {
    agent,
    name: agent?.name ?? office ?? he.properties.view.office,
    phone: agent?.phone_number ?? branchPhone ?? settings?.phone,
    chatPhone:
      (agent && !agent.officePhone ? agent.phone_number : undefined) ??
      settings?.whatsappPhone ??
      settings?.phone,
    /** The agent is reached through their branch's office phone, not their own. */
    officePhone: Boolean(agent?.officePhone),
    message: he.properties.view.whatsappText(property.address, property.city),
    /** The listing's branch, to call and to visit, when it has an office phone of its own. */
    branch: branchPhone ? { ...property.branch, phone: branchPhone } : undefined,
  };
}
