import fs from 'node:fs';
import path from 'node:path';
import { createTestContext, type TestContext } from './test/helper.js';

// The API's contract is its OpenAPI document: its paths and schemas were written to
// openapi.snapshot.json before the API was laid out by domain, and a change of layout must not change
// them. A change of contract rewrites the snapshot on purpose, and the generated client's types with it
// (openapi.client.test.ts):
// UPDATE_OPENAPI_SNAPSHOT=1 UPDATE_OPENAPI_CLIENT=1 npm test --workspace @console/api -- openapi
const snapshotFile = path.join(__dirname, 'openapi.snapshot.json');

interface OpenApiDocument {
  paths: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
});
afterAll(() => ctx.close());

function contractOf(document: OpenApiDocument) {
  return { paths: document.paths, components: document.components ?? {} };
}

test('the OpenAPI paths and schemas are the ones in the snapshot', () => {
  const current = contractOf(ctx.app.swagger() as OpenApiDocument);
  if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') {
    fs.writeFileSync(snapshotFile, `${JSON.stringify(current, null, 1)}\n`);
  }
  const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as ReturnType<typeof contractOf>;
  expect(Object.keys(current.paths).sort()).toEqual(Object.keys(snapshot.paths).sort());
  expect(current).toEqual(snapshot);
  // Key order is part of what a reader of the document sees (operations, then fields in declared order).
  expect(JSON.stringify(current)).toBe(JSON.stringify(snapshot));
});
