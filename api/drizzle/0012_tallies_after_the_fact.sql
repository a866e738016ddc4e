-- A completion an admin entered after the fact never counts on time (docs/decisions.md, "Tasks"): the
-- scores' counts (0010) count it late. No row has the flag yet, so the counts kept so far stand.
CREATE OR REPLACE FUNCTION "console_site_day_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date",
			count(*) FILTER (WHERE "status" = 'COMPLETED' AND NOT "entered_after_the_fact" AND coalesce("completed_at", "expire_on") <= "expire_on"),
			count(*) FILTER (WHERE "status" = 'COMPLETED' AND ("entered_after_the_fact" OR coalesce("completed_at", "expire_on") > "expire_on")),
			count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'DELETED')),
			max("expire_on") FILTER (WHERE "status" <> 'DELETED')
		FROM "new_rows" GROUP BY "site_id", "task_date";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date",
			-count(*) FILTER (WHERE "status" = 'COMPLETED' AND NOT "entered_after_the_fact" AND coalesce("completed_at", "expire_on") <= "expire_on"),
			-count(*) FILTER (WHERE "status" = 'COMPLETED' AND ("entered_after_the_fact" OR coalesce("completed_at", "expire_on") > "expire_on")),
			-count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'DELETED')),
			NULL
		FROM "old_rows" GROUP BY "site_id", "task_date";
	ELSE
		-- An update writes only what it changed: ticking a checklist line leaves the counts as they were.
		-- The expiry of an occurrence is never updated, so the day's latest expiry stands.
		INSERT INTO "site_day_tallies" ("site_id", "task_date", "on_time", "late", "open", "last_expire_on")
		SELECT "site_id", "task_date", sum("on_time"), sum("late"), sum("open"), NULL
		FROM (
			SELECT "site_id", "task_date", "sign" * ("status" = 'COMPLETED' AND NOT "entered_after_the_fact" AND coalesce("completed_at", "expire_on") <= "expire_on")::int AS "on_time",
				"sign" * ("status" = 'COMPLETED' AND ("entered_after_the_fact" OR coalesce("completed_at", "expire_on") > "expire_on"))::int AS "late",
				"sign" * ("status" NOT IN ('COMPLETED', 'DELETED'))::int AS "open"
			FROM (SELECT *, 1 AS "sign" FROM "new_rows" UNION ALL SELECT *, -1 AS "sign" FROM "old_rows") AS "both_sides"
		) AS "changed"
		GROUP BY "site_id", "task_date"
		HAVING sum("on_time") <> 0 OR sum("late") <> 0 OR sum("open") <> 0;
	END IF;
	RETURN NULL;
END;
$$;
