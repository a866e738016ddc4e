DROP TABLE "expiry_digests" CASCADE;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "cooling_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "hot_hold_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "master_tasks" ADD COLUMN "follow_up" jsonb;