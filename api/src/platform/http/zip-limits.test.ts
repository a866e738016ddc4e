import zlib from 'node:zlib';
import { deflateBomb, zipOf } from '../../test/zip-bomb.js';
import { storedZip, UnreadableZipError, unzipWithin } from './zip-limits.js';

const limits = { maxBytes: 32 * 1024 * 1024, maxEntries: 20 };

test('a bomb whose directory under-declares 400 MiB is refused by the bytes it really inflates to', async () => {
  const bomb = zipOf([
    { name: '[Content_Types].xml', data: zlib.deflateRawSync('<Types/>'), declaredSize: 8 },
    { name: 'xl/worksheets/sheet1.xml', data: deflateBomb(400), declaredSize: 4096 },
  ]);
  expect(bomb.length).toBeLessThan(450 * 1024);
  // The directory says 4 KB: only inflating tells, and inflating stops one byte past the budget (zlib's
  // maxOutputLength), so the 400 MiB are never held. How long that takes is bench's to measure, not a test's.
  await expect(unzipWithin(bomb, limits)).resolves.toEqual({ kind: 'too-big', limitBytes: limits.maxBytes });
});

test('the limit is on all entries together, and on how many there are', async () => {
  const twelve = zlib.deflateRawSync(Buffer.alloc(12 * 1024 * 1024, 0x20));
  const three = zipOf(['a', 'b', 'c'].map((name) => ({ name, data: twelve, declaredSize: 1 })));
  expect((await unzipWithin(three, limits)).kind).toBe('too-big');
  const two = zipOf(['a', 'b'].map((name) => ({ name, data: twelve, declaredSize: 1 })));
  expect((await unzipWithin(two, limits)).kind).toBe('entries');
  const many = zipOf(
    Array.from({ length: 21 }, (_, index) => ({
      name: `e${index}`,
      data: Buffer.from('x'),
      stored: true,
      declaredSize: 1,
    })),
  );
  expect(await unzipWithin(many, limits)).toEqual({ kind: 'too-many-entries', limitEntries: 20 });
  // A directory that declares more than the limit is refused without inflating.
  const declared = zipOf([{ name: 'a', data: zlib.deflateRawSync('x'), declaredSize: limits.maxBytes + 1 }]);
  expect((await unzipWithin(declared, limits)).kind).toBe('too-big');
});

test('what is unpacked is packed again, uncompressed, with exactly the bytes counted', async () => {
  const entries = [
    { name: 'one.xml', data: Buffer.from('<one/>') },
    { name: 'dir/two.xml', data: Buffer.alloc(5000, 0x41) },
  ];
  const deflated = zipOf(
    entries.map(({ name, data }) => ({ name, data: zlib.deflateRawSync(data), declaredSize: data.length })),
  );
  const unpacked = await unzipWithin(deflated, limits);
  expect(unpacked).toEqual({ kind: 'entries', entries });
  if (unpacked.kind !== 'entries') return;
  await expect(unzipWithin(storedZip(unpacked.entries), limits)).resolves.toEqual({
    kind: 'entries',
    entries,
  });
});

test('a damaged or foreign zip is unreadable', async () => {
  await expect(unzipWithin(Buffer.from('not a zip at all'), limits)).rejects.toBeInstanceOf(
    UnreadableZipError,
  );
  const broken = zipOf([{ name: 'a', data: Buffer.from([0xff, 0xff, 0xff]), declaredSize: 3 }]);
  await expect(unzipWithin(broken, limits)).rejects.toBeInstanceOf(UnreadableZipError);
});
