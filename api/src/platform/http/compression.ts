import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * How the API compresses what it answers, chosen by `npm run bench:api`'s compression figures
 * (bench/README.md, "Compressing the API's answers"): a list shrinks to between a twentieth and a fifth at
 * the cheap levels for a tenth or two of a millisecond; brotli 11 saves a fifth more at 200 times the CPU.
 */
export const apiCompression = {
  /** Bytes below which an answer goes as it is: a small answer saves less than a packet by being compressed. */
  thresholdBytes: 1024,
  brotliQuality: 4,
  gzipLevel: 1,
} as const;

/**
 * JSON and text answers. Not `application/octet-stream`, which the plugin compresses by default: an uploaded
 * file is usually compressed already (images, PDFs, Office files), and its bytes are sent as they were stored.
 * Not `text/event-stream` either: a compressor holds events back until its buffer fills.
 */
const compressibleTypes = /^text\/(?!event-stream)|[+/]json(?:;|$)/;

/**
 * Compresses the answers of every route registered after it (the API, /remotes.json, the API's docs) for a
 * client that asks with Accept-Encoding, brotli before gzip. A streamed answer (an export, a file) is
 * compressed as it streams, never gathered first. The console's built files have their compressed copies
 * from the build (platform/web), sent as they are: an answer already encoded is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: apiCompression.thresholdBytes,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: apiCompression.brotliQuality } },
    zlibOptions: { level: apiCompression.gzipLevel },
    customTypes: compressibleTypes,
    // Requests are not decompressed: no client of the console sends a compressed body, and a body inflated
    // on the way in would meet the body limits only after it had been inflated.
    globalDecompression: false,
  });
}
