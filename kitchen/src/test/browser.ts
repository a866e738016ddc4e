// What a browser gives the app that jsdom lacks: IndexedDB (fake-indexeddb keeps it in memory) and WebCrypto
// with its `subtle` half (Node's, the same standard API), before any module of the app is loaded.
import 'fake-indexeddb/auto';
import { webcrypto } from 'node:crypto';

Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
