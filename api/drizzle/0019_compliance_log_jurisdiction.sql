-- Logs already submitted were judged by England's limits, as every log was before sites had rule sets.
ALTER TABLE "compliance_logs" ADD COLUMN "jurisdiction" text DEFAULT 'GB-ENG' NOT NULL;
