import fs from 'node:fs';
import path from 'node:path';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json, Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import type { OpenAPIV3 } from 'openapi-types';
import { openApiOptions } from './platform/http/openapi.js';
import { createTestContext, type TestContext } from './test/helper.js';

// The document integrators' tools read, as the server serves it, held to Spectral's `spectral:oas` and
// Redocly's `recommended` with the changes api/.spectral.yaml and api/redocly.yaml make (each with its
// reason): no error and no warning may be left. The checks after them are this API's own promises.

const apiDir = path.join(__dirname, '..');
/** The name Redocly's findings (and .redocly.lint-ignore.yaml) give the document. */
const documentFile = path.join(apiDir, 'openapi.json');

let ctx: TestContext;
let text: string;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  text = reply.body;
  document = reply.json();
});
afterAll(() => ctx.close());

interface Call {
  method: string;
  path: string;
  operation: OpenAPIV3.OperationObject;
}

function calls(): Call[] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ method, path: url, operation }] : [];
    }),
  );
}

/** api/.spectral.yaml as Spectral's JavaScript API takes it: its `extends` names a built-in ruleset. */
function spectralRuleset(): RulesetDefinition {
  const file = fs.readFileSync(path.join(apiDir, '.spectral.yaml'), 'utf8');
  const { extends: extended, rules } = Yaml.parse(file).data as { extends: string[]; rules: object };
  const builtIn: Record<string, RulesetDefinition> = { 'spectral:oas': oas as RulesetDefinition };
  return {
    extends: extended.map((name) => {
      const found = builtIn[name];
      if (!found) throw new Error(`.spectral.yaml extends ${name}, which this test does not know`);
      return found;
    }),
    rules,
  } as RulesetDefinition;
}

test('Spectral (spectral:oas) finds nothing', async () => {
  const spectral = new Spectral();
  spectral.setRuleset(spectralRuleset());
  const results = await spectral.run(new Document(text, Json, documentFile));
  expect(results.map((one) => `${one.code} at ${one.path.join('.')}: ${one.message}`)).toEqual([]);
});

test('Redocly (recommended) finds nothing', async () => {
  const config = await loadConfig({ configPath: path.join(apiDir, 'redocly.yaml') });
  const problems = await lintFromString({ source: text, absoluteRef: documentFile, config });
  const left = problems.filter((problem) => !problem.ignored);
  expect(left.map((one) => `${one.ruleId} at ${one.location[0]?.pointer}: ${one.message}`)).toEqual([]);
});

test('every call has an operationId made of its resource root and call, unique', () => {
  const all = calls();
  expect(all.length).toBeGreaterThan(200);
  const ids = all.map(({ operation }) => operation.operationId ?? '');
  for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/);
  expect(new Set(ids).size).toBe(ids.length);
  const idOf = (method: string, url: string) =>
    all.find((one) => one.method === method && one.path === url)?.operation.operationId;
  expect(idOf('get', '/api/v1/supplier/web-app-list')).toBe('supplier.webAppList');
  expect(idOf('delete', '/api/v1/supplier/delete-one/{id}')).toBe('supplier.deleteOne');
  expect(idOf('get', '/api/v1/site-panel/site-report-scoreList')).toBe('sitePanel.siteReportScoreList');
  expect(idOf('get', '/api/v1/report/inspection-pack/preview')).toBe('report.inspectionPackPreview');
  // One path with several methods: each adds its verb.
  expect(idOf('get', '/scim/v2/Users')).toBe('scim.usersList');
  expect(idOf('get', '/scim/v2/Users/{id}')).toBe('scim.usersGet');
  expect(idOf('patch', '/scim/v2/Users/{id}')).toBe('scim.usersUpdate');
});

test('every tag a call uses is declared once, with a description', () => {
  const declared = (document.tags ?? []).map((tag) => tag.name);
  expect(new Set(declared).size).toBe(declared.length);
  // A new resource root's tag is described in tagDescriptions (platform/http/openapi.ts).
  const withoutDescription = (document.tags ?? []).filter((tag) => !tag.description).map((tag) => tag.name);
  expect(withoutDescription).toEqual([]);
  const used = new Set(calls().flatMap(({ operation }) => operation.tags ?? []));
  expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
  expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
});

test('answers and errors are the shared components', () => {
  const responses = document.components?.responses ?? {};
  const schemaOf = (response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject | undefined) => {
    const resolved =
      response && '$ref' in response
        ? responses[response.$ref.replace('#/components/responses/', '')]
        : response;
    return resolved && !('$ref' in resolved) ? resolved.content?.['application/json']?.schema : undefined;
  };
  const callOf = (method: 'get' | 'post', url: string) => {
    const operation = document.paths[url]?.[method];
    if (!operation) throw new Error(`${method} ${url} is not documented`);
    return operation;
  };

  // A list: the envelope around the list page around the records.
  const list = callOf('get', '/api/v1/supplier/web-app-list');
  const listAnswer = schemaOf(list.responses['200']) as OpenAPIV3.SchemaObject;
  expect(listAnswer.allOf?.[0]).toEqual({ $ref: '#/components/schemas/Envelope' });
  const data = (listAnswer.allOf?.[1] as OpenAPIV3.SchemaObject).properties?.data as OpenAPIV3.SchemaObject;
  expect(data.allOf?.[0]).toEqual({ $ref: '#/components/schemas/ListPage' });
  expect(Object.keys(document.components?.schemas?.ListPage ?? {})).toContain('properties');

  // Errors: the error body with its field errors, by status, for what the call takes.
  expect(Object.keys(list.responses)).toEqual(['200', '400', '401', '403', '404']);
  expect(schemaOf(list.responses['400'])).toEqual({ $ref: '#/components/schemas/ErrorBody' });
  const errorBody = document.components?.schemas?.ErrorBody as OpenAPIV3.SchemaObject;
  expect(Object.keys(errorBody.properties ?? {})).toEqual(['status', 'message', 'error', 'details']);
  expect(JSON.stringify(errorBody.properties?.details)).toContain('fieldErrors');

  const create = callOf('post', '/api/v1/supplier/create-new-one');
  expect(Object.keys(create.responses)).toEqual(['200', '400', '401', '403', '404', '409', '413', '415']);
  // A public call answers no 401 for want of a token, but its own: a wrong password, and the limit.
  const login = callOf('post', '/api/v1/authentication/web-app-login');
  expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '403', '413', '415', '429']);
  expect(Object.keys(callOf('get', '/scim/v2/Users').responses)).toEqual(['200', '400', '401', '429']);
  expect(JSON.stringify(responses.ScimBadRequest)).toContain('application/scim+json');
});

test('a nullable field keeps its type', () => {
  const bare: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (typeof node !== 'object' || node === null) return;
    const schema = node as { nullable?: unknown; type?: unknown; $ref?: unknown };
    if (schema.nullable === true && schema.type === undefined) bare.push(at);
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
  };
  walk(document, '#');
  expect(bare).toEqual([]);
  const organization = document.paths['/api/v1/organization/create-new-one']?.post?.requestBody as
    OpenAPIV3.RequestBodyObject | undefined;
  const body = organization?.content['application/json']?.schema as OpenAPIV3.SchemaObject;
  expect(body.properties?.email).toMatchObject({ type: 'string', nullable: true });
});

test('the file download names its path parameter, and the route still answers by it', async () => {
  const download = document.paths['/api/v1/common-uri/file/{filePath}']?.get;
  expect(download?.parameters).toEqual([
    expect.objectContaining({ in: 'path', name: 'filePath', required: true }),
  ]);
  expect(Object.keys(document.paths).filter((url) => url.includes('*'))).toEqual([]);
  // A key of the shape the server makes, which no file has: the route's own 404, not the router's.
  const missing = await ctx.inject('GET', '/api/v1/common-uri/file/platform/2026/01/none.png');
  expect(missing.statusCode).toBe(404);
  expect(missing.json.message).toBe('File not found');
});

test('the document names its server, its contact and its licence', () => {
  expect(document.servers).toEqual([{ url: 'http://console.test', description: 'This console' }]);
  // Without PUBLIC_URL, the server the document was read from.
  const unset = openApiOptions({ publicUrl: undefined, mounts: [], scimPath: '/scim/v2' }).openapi;
  expect(unset?.servers).toEqual([expect.objectContaining({ url: '/' })]);
  expect(document.info.contact).toEqual(expect.objectContaining({ name: expect.any(String) }));
  expect(document.info.license?.name).toMatch(/proprietary/i);
});
