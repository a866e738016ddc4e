CREATE TABLE "food_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "master_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier_supplier_types" (
	"supplier_id" uuid NOT NULL,
	"supplier_type_id" uuid NOT NULL,
	CONSTRAINT "supplier_supplier_types_supplier_id_supplier_type_id_pk" PRIMARY KEY("supplier_id","supplier_type_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"supplier_name" text NOT NULL,
	"contact_person_name" text,
	"email" text,
	"mobile_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "temperature_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"master_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"lower_limit" double precision,
	"upper_limit" double precision,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "temperature_items_limits_check" CHECK ("temperature_items"."lower_limit" is null or "temperature_items"."upper_limit" is null or "temperature_items"."lower_limit" < "temperature_items"."upper_limit")
);
--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_types" ADD CONSTRAINT "master_types_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_types" ADD CONSTRAINT "master_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_supplier_types" ADD CONSTRAINT "supplier_supplier_types_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_supplier_types" ADD CONSTRAINT "supplier_supplier_types_supplier_type_id_supplier_types_id_fk" FOREIGN KEY ("supplier_type_id") REFERENCES "public"."supplier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_types" ADD CONSTRAINT "supplier_types_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_items" ADD CONSTRAINT "temperature_items_master_type_id_master_types_id_fk" FOREIGN KEY ("master_type_id") REFERENCES "public"."master_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "food_items_site_type_name_live_key" ON "food_items" USING btree ("site_id","type",lower("name")) WHERE "food_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "food_items_org_site_idx" ON "food_items" USING btree ("org_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "master_types_site_type_name_live_key" ON "master_types" USING btree ("site_id","type",lower("name")) WHERE "master_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "master_types_org_site_idx" ON "master_types" USING btree ("org_id","site_id");--> statement-breakpoint
CREATE INDEX "supplier_supplier_types_type_idx" ON "supplier_supplier_types" USING btree ("supplier_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_types_org_name_live_key" ON "supplier_types" USING btree ("org_id",lower("name")) WHERE "supplier_types"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_site_name_live_key" ON "suppliers" USING btree ("site_id",lower("supplier_name")) WHERE "suppliers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "suppliers_org_site_idx" ON "suppliers" USING btree ("org_id","site_id");--> statement-breakpoint
CREATE INDEX "temperature_items_master_type_idx" ON "temperature_items" USING btree ("master_type_id","position");