CREATE TABLE "corrective_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"check_type" text NOT NULL,
	"source_subject" text NOT NULL,
	"source_id" uuid NOT NULL,
	"line_id" text,
	"dedupe_key" text NOT NULL,
	"deviation" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"action_taken" text,
	"food_discarded" boolean,
	"discarded_quantity" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"verification_note" text,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"reopen_reason" text,
	"reopened_at" timestamp with time zone,
	CONSTRAINT "corrective_actions_recorded_check" CHECK ("corrective_actions"."state" = 'OPEN' or ("corrective_actions"."action_taken" is not null and "corrective_actions"."recorded_at" is not null and "corrective_actions"."food_discarded" is not null)),
	CONSTRAINT "corrective_actions_verified_check" CHECK ("corrective_actions"."state" <> 'VERIFIED' or ("corrective_actions"."verified_by" is not null and "corrective_actions"."verified_at" is not null)),
	CONSTRAINT "corrective_actions_verifier_check" CHECK ("corrective_actions"."verified_by" is null or "corrective_actions"."recorded_by" is null or "corrective_actions"."verified_by" <> "corrective_actions"."recorded_by")
);
--> statement-breakpoint
CREATE TABLE "standard_actions" (
	"org_id" uuid NOT NULL,
	"check_type" text NOT NULL,
	"actions" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "standard_actions_org_id_check_type_pk" PRIMARY KEY("org_id","check_type")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "action_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "probe_sensor_tolerance_celsius" double precision DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_actions" ADD CONSTRAINT "standard_actions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_actions" ADD CONSTRAINT "standard_actions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_dedupe_key" ON "corrective_actions" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "corrective_actions_site_occurred_idx" ON "corrective_actions" USING btree ("site_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "corrective_actions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "corrective_actions_site_state_idx" ON "corrective_actions" USING btree ("site_id","state") WHERE "corrective_actions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "corrective_actions_source_idx" ON "corrective_actions" USING btree ("org_id","source_subject","source_id");--> statement-breakpoint
CREATE INDEX "corrective_actions_open_due_idx" ON "corrective_actions" USING btree ("due_at") WHERE "corrective_actions"."state" = 'OPEN' and "corrective_actions"."deleted_at" is null;