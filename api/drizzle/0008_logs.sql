CREATE TABLE "compliance_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"log_type" text NOT NULL,
	"template_id" uuid,
	"title" text NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" text NOT NULL,
	"note" text,
	"submitted_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"document_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "document_files_document_id_file_id_pk" PRIMARY KEY("document_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"expires_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "expiry_digests" (
	"user_id" uuid NOT NULL,
	"digest_date" date NOT NULL,
	"document_count" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "expiry_digests_user_id_digest_date_pk" PRIMARY KEY("user_id","digest_date")
);
--> statement-breakpoint
CREATE TABLE "near_miss_photos" (
	"near_miss_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "near_miss_photos_near_miss_id_file_id_pk" PRIMARY KEY("near_miss_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "near_misses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"what_happened" text NOT NULL,
	"location" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"people_involved" text DEFAULT '' NOT NULL,
	"injuries" text DEFAULT '' NOT NULL,
	"immediate_action" text DEFAULT '' NOT NULL,
	"follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"reported_by" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "near_misses_closed_outcome_check" CHECK ("near_misses"."status" <> 'COMPLETED' or ("near_misses"."outcome" is not null and "near_misses"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "temperature_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"log_type" text NOT NULL,
	"temperature_item_id" uuid,
	"food_item_id" uuid,
	"check_kind" text NOT NULL,
	"celsius" double precision NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"read_by" uuid NOT NULL,
	"lower_limit" double precision,
	"upper_limit" double precision,
	"warn_up_to" double precision,
	"result" text NOT NULL,
	"corrective_action" text,
	"note" text,
	"back_filled" boolean GENERATED ALWAYS AS (received_at - read_at > interval '30 minutes') STORED NOT NULL,
	CONSTRAINT "temperature_readings_one_item_check" CHECK (("temperature_readings"."temperature_item_id" is null) <> ("temperature_readings"."food_item_id" is null)),
	CONSTRAINT "temperature_readings_corrective_action_check" CHECK ("temperature_readings"."result" <> 'FAIL' or "temperature_readings"."corrective_action" is not null)
);
--> statement-breakpoint
ALTER TABLE "compliance_logs" ADD CONSTRAINT "compliance_logs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_logs" ADD CONSTRAINT "compliance_logs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_logs" ADD CONSTRAINT "compliance_logs_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_logs" ADD CONSTRAINT "compliance_logs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_logs" ADD CONSTRAINT "compliance_logs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expiry_digests" ADD CONSTRAINT "expiry_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_miss_photos" ADD CONSTRAINT "near_miss_photos_near_miss_id_near_misses_id_fk" FOREIGN KEY ("near_miss_id") REFERENCES "public"."near_misses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_miss_photos" ADD CONSTRAINT "near_miss_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_misses" ADD CONSTRAINT "near_misses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_misses" ADD CONSTRAINT "near_misses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_misses" ADD CONSTRAINT "near_misses_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_temperature_item_id_temperature_items_id_fk" FOREIGN KEY ("temperature_item_id") REFERENCES "public"."temperature_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_food_item_id_food_items_id_fk" FOREIGN KEY ("food_item_id") REFERENCES "public"."food_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_logs_site_submitted_idx" ON "compliance_logs" USING btree ("site_id","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "compliance_logs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_org_site_idx" ON "documents" USING btree ("org_id","site_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_org_expires_idx" ON "documents" USING btree ("org_id","expires_on") WHERE "documents"."deleted_at" is null and "documents"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "near_misses_site_occurred_idx" ON "near_misses" USING btree ("site_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "near_misses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "temperature_readings_site_read_idx" ON "temperature_readings" USING btree ("site_id","read_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "temperature_readings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "temperature_readings_item_read_idx" ON "temperature_readings" USING btree ("temperature_item_id","read_at") WHERE "temperature_readings"."temperature_item_id" is not null;--> statement-breakpoint
CREATE INDEX "temperature_readings_food_item_read_idx" ON "temperature_readings" USING btree ("food_item_id","read_at") WHERE "temperature_readings"."food_item_id" is not null;