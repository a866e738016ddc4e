import { timestamp } from 'drizzle-orm/pg-core';

// The column kinds every domain's tables share. Each domain keeps its tables in its own schema.ts
// (api/src/domains/<domain>/schema.ts) beside the platform's (./schema.ts, ../history/schema.ts);
// drizzle.config.ts reads them all to generate the migrations.

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// No database default: every write passes the application's clock (deps.clock), so createdAt and updatedAt
// of one change are the same instant, and tests that move the clock see it in every timestamp.
export const createdAt = () => instant('created_at').notNull();
export const updatedAt = () => instant('updated_at').notNull();
