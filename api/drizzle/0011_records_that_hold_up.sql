ALTER TABLE "sites" ADD COLUMN "reheat_limit_celsius" double precision DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_types" ADD COLUMN "owner_site_id" uuid;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD COLUMN "owner_site_id" uuid;--> statement-breakpoint
ALTER TABLE "individual_tasks" ADD COLUMN "entered_after_the_fact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_types" ADD CONSTRAINT "supplier_types_owner_site_id_sites_id_fk" FOREIGN KEY ("owner_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_owner_site_id_sites_id_fk" FOREIGN KEY ("owner_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;