import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@console/shared-sdk/contract';
import type { App } from '../app.js';

// A client on a real socket, for what `inject` cannot show: how the server answers a body it does not read
// whole (a reset reaches a client only through a socket).

/** The base URL of the app listening on a free port of 127.0.0.1. */
export async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface LargeBody {
  /** Bytes sent first (a multipart part's head). */
  head?: Buffer;
  /** Bytes of filler after the head. */
  filler: number;
  /** Bytes sent last (a multipart form's closing boundary). */
  tail?: Buffer;
  /** Send a Content-Length (else the body is chunked). */
  declareLength: boolean;
  /** Stop writing once the answer arrives, as a careful client does (else write everything, as most do). */
  stopWhenAnswered?: boolean;
  /** Write at most this many bytes, then wait for the answer without ending the body. */
  writeAtMost?: number;
  /**
   * Read nothing until the whole body is written, as many clients do (Python's http.client, a browser's
   * upload): a server that closes the connection early resets it before such a client reads the answer.
   */
  readAfterWriting?: boolean;
}

export interface SocketAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: Partial<ErrorBody> & { data?: unknown };
  /** Bytes of the body the client had written when the answer arrived. */
  writtenWhenAnswered: number;
}

/**
 * Sends a large body in 64 KiB chunks, honouring back-pressure, and resolves with the answer the client
 * read; rejects with the socket's error (ECONNRESET, EPIPE) when the connection ended before an answer.
 */
export function sendLargeBody(
  url: string,
  options: { method: string; headers?: Record<string, string>; agent?: http.Agent | false },
  body: LargeBody,
): Promise<SocketAnswer> {
  const head = body.head ?? Buffer.alloc(0);
  const tail = body.tail ?? Buffer.alloc(0);
  const total = head.length + body.filler + tail.length;
  const headers = { ...options.headers, ...(body.declareLength ? { 'content-length': String(total) } : {}) };
  const request = http.request(url, { method: options.method, headers, agent: options.agent });
  if (body.readAfterWriting) {
    request.on('socket', (socket) => {
      socket.pause();
      request.on('finish', () => socket.resume());
    });
  }
  return new Promise<SocketAnswer>((resolve, reject) => {
    let written = 0;
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const writtenWhenAnswered = written;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: SocketAnswer['json'] = {};
        try {
          json = JSON.parse(text) as SocketAnswer['json'];
        } catch {
          // Not JSON: the assertions on `json` say so.
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, json, writtenWhenAnswered });
        // A careful client that stopped writing early leaves the connection unusable: close it.
        if (written < total) request.destroy();
      });
    });
    // An error after the answer arrived (the server closing once it has discarded enough) ends nothing the
    // client still needs.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });

    const filler = Buffer.alloc(64 * 1024, 0x61);
    const pieceAt = (offset: number): Buffer => {
      if (offset < head.length) return head.subarray(offset);
      const inFiller = offset - head.length;
      if (inFiller < body.filler) return filler.subarray(0, Math.min(filler.length, body.filler - inFiller));
      return tail.subarray(inFiller - body.filler);
    };
    const writeMore = () => {
      while (written < total) {
        if (answered && body.stopWhenAnswered) return;
        if (body.writeAtMost !== undefined && written >= body.writeAtMost) return;
        const piece = pieceAt(written);
        written += piece.length;
        if (!request.write(piece)) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end();
    };
    writeMore();
  });
}

/** The head and tail of a multipart form holding one file part, to send around a file's bytes. */
export function multipartFraming(field: string, fileName: string, type: string) {
  const boundary = '----console-test-boundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}
