CREATE TABLE "pack_register" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"site_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"format" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"content_digest" text NOT NULL,
	"produced_by" uuid,
	"produced_by_name" text NOT NULL,
	"produced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pack_register" ADD CONSTRAINT "pack_register_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_register" ADD CONSTRAINT "pack_register_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_register" ADD CONSTRAINT "pack_register_produced_by_users_id_fk" FOREIGN KEY ("produced_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_register_sha256_idx" ON "pack_register" USING btree ("sha256");