CREATE TABLE "inspector_link_accesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"what" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspector_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"label" text NOT NULL,
	"site_ids" uuid[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"passcode_hash" text,
	"created_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"access_count" integer DEFAULT 0 NOT NULL,
	"last_access_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"contents" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"changes" text DEFAULT '' NOT NULL,
	"signed_by" uuid,
	"signed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "site_reviews_signed_check" CHECK ("site_reviews"."state" <> 'SIGNED' or ("site_reviews"."contents" is not null and "site_reviews"."signed_by" is not null and "site_reviews"."signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "inspector_link_accesses" ADD CONSTRAINT "inspector_link_accesses_link_id_inspector_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."inspector_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_link_accesses" ADD CONSTRAINT "inspector_link_accesses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_links" ADD CONSTRAINT "inspector_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_links" ADD CONSTRAINT "inspector_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspector_links" ADD CONSTRAINT "inspector_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_reviews" ADD CONSTRAINT "site_reviews_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_reviews" ADD CONSTRAINT "site_reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_reviews" ADD CONSTRAINT "site_reviews_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspector_link_accesses_link_idx" ON "inspector_link_accesses" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspector_links_token_hash_key" ON "inspector_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "inspector_links_org_idx" ON "inspector_links" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_reviews_site_period_key" ON "site_reviews" USING btree ("site_id","period_start");