import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// An answer sent before the request's body was read whole (a 413 for a body over its limit, a 401, 429 or
// 503 refused before the body was looked at) must still reach a client that is writing that body. Most
// clients read nothing until they have written everything. Closing the connection at once, as Fastify
// asks after a body it refused, makes the server's system reset it while bytes are still arriving, and the
// client's write fails (EPIPE, ECONNRESET) before it ever reads the answer. So the answer keeps the
// connection open, and the rest of the body is read and thrown away, up to a bound in bytes and time, as
// web servers' "lingering close" does; a body larger still is cut off once the bound is reached, by when a
// client that reads while it writes has had the answer.

/** The most of an unread body discarded after an early answer: the largest body any route accepts. */
export const maxDiscardedBytes = 32 * 1024 * 1024;
/** How long the rest of a body is waited for after an early answer. */
const discardForMs = 30_000;

export function registerUnreadBodyDiscard(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const incoming = request.raw;
    if (incoming.complete || incoming.readableEnded || incoming.destroyed) return payload;
    const clientAsksToClose = !reply.raw.shouldKeepAlive;
    // Kept open until the body is discarded (Node closes a connection marked to close when the answer ends).
    reply.removeHeader('connection');
    reply.raw.shouldKeepAlive = true;
    discardRest(incoming, clientAsksToClose);
    return payload;
  });
}

function discardRest(incoming: IncomingMessage, closeAfter: boolean) {
  // A parser still reading it (a multipart form) would spend work on bytes nobody reads.
  incoming.unpipe();
  let discarded = 0;
  const cutOff = () => {
    clearTimeout(timer);
    // Destroying a request cut short closes its connection.
    incoming.destroy();
  };
  const timer = setTimeout(cutOff, discardForMs).unref();
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxDiscardedBytes) cutOff();
  });
  incoming.once('end', () => {
    clearTimeout(timer);
    if (closeAfter) incoming.socket.end();
  });
  incoming.once('close', () => clearTimeout(timer));
  incoming.resume();
}
