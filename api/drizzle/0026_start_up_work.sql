CREATE TABLE "start_up_work" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone NOT NULL
);
