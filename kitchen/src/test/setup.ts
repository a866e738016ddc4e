// Each test starts on a fresh device: nothing stored, nobody signed in, the app's language English.
import { configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { closeLocalData } from '../local/db';
import { stopSending } from '../sync/sender';
import { freshPage } from './kitchen';

// What a screen shows after a tap goes through the outbox, IndexedDB and a re-read of the stored records:
// on a two-core machine running two test files at once that has taken longer than the SDK's 5 s.
//
// A textarea is left out of text queries: React keeps a controlled textarea's text content equal to what was
// typed, so `findByText(note)` could return the form's field, about to close, instead of the note shown once
// saved. What a person typed is found by its field's label and value instead.
configure({ asyncUtilTimeout: 10_000, defaultIgnore: 'script, style, textarea' });

beforeEach(async () => {
  // The last test's sending, started as it went back online, ends on its own device first.
  await stopSending();
  await closeLocalData();
  globalThis.indexedDB = new IDBFactory();
  await freshPage();
});
