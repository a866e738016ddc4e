// Each test starts on a fresh device: nothing stored, nobody signed in, the app's language English.
import { IDBFactory } from 'fake-indexeddb';
import { closeLocalData } from '../local/db';
import { stopSending } from '../sync/sender';
import { freshPage } from './kitchen';

beforeEach(async () => {
  // The last test's sending, started as it went back online, ends on its own device first.
  await stopSending();
  await closeLocalData();
  globalThis.indexedDB = new IDBFactory();
  await freshPage();
});
