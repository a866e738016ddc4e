CREATE TABLE "custom_roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"grants" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declared_subjects" (
	"name" text PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"title" text NOT NULL,
	"site_scoped" boolean DEFAULT false NOT NULL,
	"defaults" jsonb NOT NULL,
	"learnt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "subject_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_role_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_roles" ADD CONSTRAINT "custom_roles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_roles_org_name_key" ON "custom_roles" USING btree ("org_id",lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_custom_role_id_custom_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."custom_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "console_roles_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A role's pairs, a remote's subject or an organisation's defaults decide many people's rules at once:
	-- every instance forgets every session it holds, as for a closed site (migration 0004).
	PERFORM pg_notify('console_auth', '*');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "custom_roles_auth_changed" AFTER UPDATE OR DELETE ON "custom_roles" FOR EACH ROW EXECUTE FUNCTION "console_roles_changed"();--> statement-breakpoint
CREATE TRIGGER "declared_subjects_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "declared_subjects" FOR EACH ROW EXECUTE FUNCTION "console_roles_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_roles_changed" AFTER UPDATE ON "organizations" FOR EACH ROW WHEN (OLD.subject_defaults IS DISTINCT FROM NEW.subject_defaults) EXECUTE FUNCTION "console_roles_changed"();
