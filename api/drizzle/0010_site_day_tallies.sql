CREATE TABLE "site_day_tallies" (
	"site_id" uuid NOT NULL,
	"task_date" date NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"open" integer NOT NULL,
	"last_expire_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_day_tallies" ADD CONSTRAINT "site_day_tallies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_day_tallies_site_date_idx" ON "site_day_tallies" USING btree ("site_id","task_date");--> statement-breakpoint
-- The scores' counts (src/routes/site-panel/score-repository.ts) are kept by the database itself: after every
-- statement that inserts, updates or deletes occurrences, one signed row per site and day it touched, in the
-- same transaction. Writers only insert here, so they never wait on each other's counts.
CREATE FUNCTION "console_site_day_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date",
			count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") <= "expire_on"),
			count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") > "expire_on"),
			count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'DELETED')),
			max("expire_on") FILTER (WHERE "status" <> 'DELETED')
		FROM "new_rows" GROUP BY "site_id", "task_date";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date",
			-count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") <= "expire_on"),
			-count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") > "expire_on"),
			-count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'DELETED')),
			NULL
		FROM "old_rows" GROUP BY "site_id", "task_date";
	ELSE
		-- An update writes only what it changed: ticking a checklist line leaves the counts as they were.
		-- The expiry of an occurrence is never updated, so the day's latest expiry stands.
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date", sum("on_time"), sum("late"), sum("open"), NULL
		FROM (
			SELECT "site_id", "task_date", "sign" * ("status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") <= "expire_on")::int AS "on_time",
				"sign" * ("status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") > "expire_on")::int AS "late",
				"sign" * ("status" NOT IN ('COMPLETED', 'DELETED'))::int AS "open"
			FROM (SELECT *, 1 AS "sign" FROM "new_rows" UNION ALL SELECT *, -1 AS "sign" FROM "old_rows") AS "both_sides"
		) AS "changed"
		GROUP BY "site_id", "task_date"
		HAVING sum("on_time") <> 0 OR sum("late") <> 0 OR sum("open") <> 0;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "individual_tasks_tally_insert" AFTER INSERT ON "individual_tasks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "console_site_day_tally"();--> statement-breakpoint
CREATE TRIGGER "individual_tasks_tally_update" AFTER UPDATE ON "individual_tasks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "console_site_day_tally"();--> statement-breakpoint
CREATE TRIGGER "individual_tasks_tally_delete" AFTER DELETE ON "individual_tasks" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "console_site_day_tally"();--> statement-breakpoint
INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
SELECT "site_id", "task_date",
	count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") <= "expire_on"),
	count(*) FILTER (WHERE "status" = 'COMPLETED' AND coalesce("completed_at", "expire_on") > "expire_on"),
	count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'DELETED')),
	max("expire_on") FILTER (WHERE "status" <> 'DELETED')
FROM "individual_tasks" GROUP BY "site_id", "task_date";
