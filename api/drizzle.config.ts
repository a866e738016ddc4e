import { defineConfig } from 'drizzle-kit';

// Each domain keeps its own tables (src/domains/<domain>/schema.ts) beside the platform's (organisations,
// sites, people, sign-in, files and the record history); one set of migrations covers them all.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/platform/db/schema.ts',
    './src/platform/history/schema.ts',
    './src/platform/events/schema.ts',
    './src/platform/corrective-actions/schema.ts',
    './src/platform/site-reviews/schema.ts',
    './src/platform/directory/schema.ts',
    './src/platform/auth/api-keys/schema.ts',
    './src/platform/start-up/schema.ts',
    './src/domains/*/schema.ts',
  ],
  out: './drizzle',
});
