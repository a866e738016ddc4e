CREATE TABLE "checklist_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text,
	"items" jsonb NOT NULL,
	"library_template_id" uuid
);
--> statement-breakpoint
CREATE TABLE "individual_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"master_task_id" uuid NOT NULL,
	"task_date" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"expire_on" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"items" jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_task_assignees" (
	"master_task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "master_task_assignees_master_task_id_user_id_pk" PRIMARY KEY("master_task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "master_task_departments" (
	"master_task_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "master_task_departments_master_task_id_department_id_pk" PRIMARY KEY("master_task_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "master_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"template_id" uuid,
	"items" jsonb NOT NULL,
	"photo_required" boolean DEFAULT false NOT NULL,
	"repeat" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"day_of_month" integer,
	"due_slot" text,
	"due_time" text,
	"stopped_from" date,
	CONSTRAINT "master_tasks_due_check" CHECK (("master_tasks"."due_slot" is null) <> ("master_tasks"."due_time" is null))
);
--> statement-breakpoint
CREATE TABLE "task_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_category_sites" (
	"category_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "task_category_sites_category_id_site_id_pk" PRIMARY KEY("category_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"individual_task_id" uuid NOT NULL,
	"checklist_item_id" uuid,
	"type" text NOT NULL,
	"text" text,
	"file_id" uuid,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "task_comments_kind_check" CHECK (("task_comments"."type" = 'TEXT' and "task_comments"."text" is not null) or ("task_comments"."type" = 'IMAGE' and "task_comments"."file_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_library_template_id_library_templates_id_fk" FOREIGN KEY ("library_template_id") REFERENCES "public"."library_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individual_tasks" ADD CONSTRAINT "individual_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individual_tasks" ADD CONSTRAINT "individual_tasks_master_task_id_master_tasks_id_fk" FOREIGN KEY ("master_task_id") REFERENCES "public"."master_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individual_tasks" ADD CONSTRAINT "individual_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_task_assignees" ADD CONSTRAINT "master_task_assignees_master_task_id_master_tasks_id_fk" FOREIGN KEY ("master_task_id") REFERENCES "public"."master_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_task_assignees" ADD CONSTRAINT "master_task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_task_departments" ADD CONSTRAINT "master_task_departments_master_task_id_master_tasks_id_fk" FOREIGN KEY ("master_task_id") REFERENCES "public"."master_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_task_departments" ADD CONSTRAINT "master_task_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_tasks" ADD CONSTRAINT "master_tasks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_tasks" ADD CONSTRAINT "master_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_tasks" ADD CONSTRAINT "master_tasks_category_id_task_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."task_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_tasks" ADD CONSTRAINT "master_tasks_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_categories" ADD CONSTRAINT "task_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_category_sites" ADD CONSTRAINT "task_category_sites_category_id_task_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."task_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_category_sites" ADD CONSTRAINT "task_category_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_individual_task_id_individual_tasks_id_fk" FOREIGN KEY ("individual_task_id") REFERENCES "public"."individual_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_org_name_live_key" ON "checklist_templates" USING btree ("org_id",lower("name")) WHERE "checklist_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "individual_tasks_master_date_key" ON "individual_tasks" USING btree ("master_task_id","task_date");--> statement-breakpoint
CREATE INDEX "individual_tasks_site_date_idx" ON "individual_tasks" USING btree ("site_id","task_date");--> statement-breakpoint
CREATE INDEX "individual_tasks_site_expire_idx" ON "individual_tasks" USING btree ("site_id","expire_on");--> statement-breakpoint
CREATE INDEX "master_task_assignees_user_idx" ON "master_task_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "master_task_departments_department_idx" ON "master_task_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "master_tasks_org_site_idx" ON "master_tasks" USING btree ("org_id","site_id");--> statement-breakpoint
CREATE INDEX "master_tasks_category_idx" ON "master_tasks" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_categories_org_name_live_key" ON "task_categories" USING btree ("org_id",lower("name")) WHERE "task_categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "task_category_sites_site_idx" ON "task_category_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("individual_task_id");