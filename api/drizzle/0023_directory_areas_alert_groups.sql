CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text,
	"role" text,
	"site_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"user_id" uuid,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"handoff_used_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_on_first_sign_in" boolean DEFAULT false NOT NULL,
	"default_role" text DEFAULT 'SITE_ADMIN' NOT NULL,
	"default_site_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"break_glass_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "area_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provisioned_by" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_id" uuid;--> statement-breakpoint
UPDATE "notifications" SET "kind" = e."kind", "site_id" = e."site_id", "group_id" = "notifications"."id" FROM "alert_events" e WHERE e."id" = "notifications"."event_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_scim_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."scim_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_org_name_live_key" ON "areas" USING btree ("org_id",lower("name")) WHERE "areas"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_groups_org_name_live_key" ON "scim_groups" USING btree ("org_id",lower("display_name")) WHERE "scim_groups"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_hash_key" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scim_tokens_org_idx" ON "scim_tokens" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "sso_domains_org_idx" ON "sso_domains" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_key" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_handoff_key" ON "sso_logins" USING btree ("handoff_hash") WHERE "sso_logins"."handoff_hash" is not null;--> statement-breakpoint
CREATE INDEX "sso_logins_created_idx" ON "sso_logins" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_area_idx" ON "sites" USING btree ("area_id") WHERE "sites"."area_id" is not null;--> statement-breakpoint
CREATE INDEX "alert_events_group_idx" ON "alert_events" USING btree ("group_id") WHERE "alert_events"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_group_idx" ON "notifications" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "notifications_user_kind_created_idx" ON "notifications" USING btree ("user_id","kind","created_at");