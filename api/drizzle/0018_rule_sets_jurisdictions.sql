ALTER TABLE "sites" ADD COLUMN "jurisdiction" text DEFAULT 'GB-ENG' NOT NULL;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "jurisdiction" text DEFAULT 'GB-ENG' NOT NULL;--> statement-breakpoint
-- A site takes the rule set of where it is; a Scottish one was already told by its 82 °C reheating limit.
-- Readings already taken stay GB-ENG: that is what they were judged by.
UPDATE "sites" SET "jurisdiction" = CASE
  WHEN "reheat_limit_celsius" >= 82 THEN 'GB-SCT'
  WHEN upper("country") = 'US' AND lower(trim(coalesce("state", ''))) IN ('ny', 'new york')
    AND lower(trim(coalesce("city", ''))) IN ('new york', 'new york city', 'manhattan', 'brooklyn', 'queens', 'bronx', 'the bronx', 'staten island')
    THEN 'US-NYC'
  WHEN upper("country") IN ('US', 'PR') THEN 'US-FDA'
  WHEN upper("country") IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE') THEN 'EU'
  ELSE 'GB-ENG'
END;--> statement-breakpoint
ALTER TABLE "sites" DROP COLUMN "reheat_limit_celsius";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_format" text DEFAULT 'SITE' NOT NULL;
