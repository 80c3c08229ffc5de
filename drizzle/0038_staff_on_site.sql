ALTER TABLE "users" ADD COLUMN "show_on_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_phone" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Shown on the public site by default: the people who appeared there and do agent work (worksAsAgent, src/shared/domain/roles.ts):
-- agents, and admins titled leading real-estate consultant or CTO manager. Other admins (the CEO, office managers, franchisees)
-- and bare system accounts are hidden until a manager shows them (docs/decisions/0057-staff-on-the-public-site.md).
UPDATE "users" SET "show_on_site" = true WHERE "role" = 'agent' OR "company_role" IN ('יועץ נדל"ן מוביל', 'יועצת נדל"ן מובילה', 'מנהל טכנולוגיות (CTO)', 'מנהלת טכנולוגיות (CTO)');
