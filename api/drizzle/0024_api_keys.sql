CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"site_ids" jsonb,
	"expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"last_used_user_agent" text
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed record;
BEGIN
	IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
	IF TG_TABLE_NAME IN ('users', 'api_keys') THEN
		PERFORM pg_notify('console_auth', changed.id::text);
	ELSIF TG_TABLE_NAME IN ('auth_sessions', 'site_members') THEN
		PERFORM pg_notify('console_auth', changed.user_id::text);
		IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
			PERFORM pg_notify('console_auth', OLD.user_id::text);
		END IF;
	ELSE
		PERFORM pg_notify('console_auth', '*');
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changed_update" AFTER UPDATE ON "api_keys" FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.site_ids IS DISTINCT FROM NEW.site_ids) EXECUTE FUNCTION "console_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changed_delete" AFTER DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "console_auth_changed"();
