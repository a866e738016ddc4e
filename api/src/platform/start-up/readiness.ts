import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@console/shared-sdk/contract';

/**
 * What an instance still has to do before it is ready, in words an operator reads on `/ready`: opening the
 * database, seeding the demo, the task history's baseline with how far it has got. The instance listens
 * from its first second; until this is empty it says it is not ready, and a load balancer that asks sends
 * it nothing.
 */
export class Readiness {
  private readonly pending = new Map<string, string>();

  /** Starts a piece of work; calling the function it answers ends it. */
  begin(name: string): () => void {
    this.pending.set(name, name);
    return () => this.pending.delete(name);
  }

  /** Says how far a piece of work has got ("2,000 of 1,900,000 occurrences"). */
  progress(name: string, how: string) {
    if (this.pending.has(name)) this.pending.set(name, `${name}: ${how}`);
  }

  get ready(): boolean {
    return this.pending.size === 0;
  }

  /** The body and status of `/ready`. */
  answer(): { statusCode: number; body: { status: 'ready' } | { status: 'starting'; waitingFor: string[] } } {
    return this.ready
      ? { statusCode: 200, body: { status: 'ready' } }
      : { statusCode: 503, body: { status: 'starting', waitingFor: [...this.pending.values()] } };
  }
}

const startingBody: ErrorBody = {
  status: false,
  error: 'SERVER_BUSY',
  message: 'The console is starting: try again in a few seconds',
};

/**
 * The instance's answers before its app is built (while the database opens and migrates): `/health` says it
 * is alive, `/ready` what it is waiting for, and every other request is asked to come back shortly.
 */
export function startingListener(readiness: Readiness) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (statusCode: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    // The request's body is not read: the connection is closed after the answer instead.
    response.shouldKeepAlive = false;
    if (path === '/health') return send(200, { status: 'ok' });
    if (path === '/ready') {
      const { statusCode, body } = readiness.answer();
      return send(statusCode, body);
    }
    send(503, startingBody, { 'retry-after': '5' });
  };
}
