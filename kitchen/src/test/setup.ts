// Each test starts on a fresh device: nothing stored, nobody signed in, the app's language English.
import { IDBFactory } from 'fake-indexeddb';
import { closeLocalData } from '../local/db';
import { freshPage } from './kitchen';

beforeEach(async () => {
  await closeLocalData();
  globalThis.indexedDB = new IDBFactory();
  await freshPage();
});
