CREATE TYPE "public"."user_gender" AS ENUM('male', 'female');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" "user_gender" DEFAULT 'male' NOT NULL;--> statement-breakpoint
-- Existing users whose title is written in the feminine are women; an admin corrects anyone else in the user form.
UPDATE "users" SET "gender" = 'female' WHERE "company_role" IN ('מנכ"לית ומייסדת', 'מנכ"לית הרשת', 'מנהלת משרד', 'מנהלת טכנולוגיות (CTO)', 'זכיינית סניף חיפה', 'יועצת נדל"ן מובילה');
