// jsdom for the React tests, with Node's own fetch family instead of jsdom's gaps. jsdom has no fetch,
// Request, Response or Headers, and its FormData, Blob, AbortSignal and streams are not the ones Node's
// fetch (undici) accepts: a jsdom FormData body would be sent as "[object FormData]" and a jsdom
// AbortSignal is refused. So the whole family comes from Node, where the HTTP client's code runs.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
