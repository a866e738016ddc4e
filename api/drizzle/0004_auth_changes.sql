-- Each API instance keeps the sessions it has checked in memory (src/auth/session-cache.ts) and forgets them
-- when this channel says something they depend on changed: the payload is the user whose sign-in state
-- changed (sessions revoked, account edited or deleted, sites joined or left), or '*' when a site or an
-- organisation closed, which changes many users at once. The triggers sit below the application, so no
-- write path can change who may do what without every instance hearing of it.
CREATE FUNCTION "console_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed record;
BEGIN
	IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
	IF TG_TABLE_NAME = 'users' THEN
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
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "console_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_sessions_auth_changed" AFTER UPDATE OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "console_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "site_members_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "site_members" FOR EACH ROW EXECUTE FUNCTION "console_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sites_auth_changed" AFTER UPDATE ON "sites" FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION "console_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_auth_changed" AFTER UPDATE ON "organizations" FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION "console_auth_changed"();
