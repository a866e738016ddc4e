CREATE TABLE "record_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid,
	"subject" text NOT NULL,
	"record_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_history_org_position_key" ON "record_history" USING btree ("org_id","position");--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("org_id","subject","record_id","position");--> statement-breakpoint
-- History entries are never updated or deleted (DOMAIN.md "Logs and incidents"): refused here, below the
-- application, so no code path (or hand-written query through it) can rewrite the past.
CREATE FUNCTION "record_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'record_history is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "record_history_no_update_or_delete" BEFORE UPDATE OR DELETE ON "record_history" FOR EACH ROW EXECUTE FUNCTION "record_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "record_history_no_truncate" BEFORE TRUNCATE ON "record_history" FOR EACH STATEMENT EXECUTE FUNCTION "record_history_append_only"();
