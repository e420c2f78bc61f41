/**
 * The default NavTransport over node:http/node:https. It decides the one fact the queue's
 * exactly-once rests on: whether a failed request may have reached NAV (`sent`).
 *
 * `sent` turns true the moment the connection is up (TCP connected, TLS handshake done, or a kept
 * connection handed over): node writes the body right then. A cut while writing therefore counts
 * as sent. That is the safe side: a needless "what does NAV hold?" costs one query, a wrong
 * "nothing arrived" costs a duplicate report.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { NavTransport } from './types';

/** What post() rejects with: an Error carrying `sent` (types.ts, NavTransport). */
export class NavTransportError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'NavTransportError';
  }
}

export interface NodeTransportOptions {
  /** Extra TLS options (e.g. a CA for a test system behind a private certificate). */
  tls?: https.AgentOptions;
}

export function nodeTransport(options: NodeTransportOptions = {}): NavTransport {
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 4, ...options.tls });
  return {
    post(url, body, timeoutMs) {
      return new Promise((resolve, reject) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          reject(new NavTransportError(`not a URL: ${url}`, false));
          return;
        }
        const secure = target.protocol === 'https:';
        if (!secure && target.protocol !== 'http:') {
          reject(new NavTransportError(`NAV is reached over https (or http for a local double), not ${target.protocol}`, false));
          return;
        }
        const payload = Buffer.from(body, 'utf8');
        let sent = false;
        let settled = false;
        const fail = (err: Error & { code?: string }, message?: string) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(new NavTransportError(message ?? `${err.code ?? err.name}: ${err.message}`, sent, err.code));
        };
        const req = (secure ? https : http).request(target, {
          method: 'POST',
          agent: secure ? httpsAgent : httpAgent,
          headers: {
            'content-type': 'application/xml; charset=UTF-8',
            accept: 'application/xml',
            'content-length': String(payload.length),
          },
        });
        const timer = setTimeout(() => {
          const err = Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' });
          fail(err, err.message);
          req.destroy(err);
        }, timeoutMs);
        req.on('socket', (socket: Socket) => {
          const up = () => {
            sent = true;
          };
          if (!socket.connecting && !(socket as Socket & { pending?: boolean }).pending) up();
          else socket.once(secure ? 'secureConnect' : 'connect', up);
        });
        req.on('error', (err) => fail(err));
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => fail(err));
          res.on('aborted', () => fail(new Error('the answer was cut off')));
          res.on('end', () => {
            if (settled) return;
            if (!res.complete) {
              fail(new Error('the answer was cut off'));
              return;
            }
            settled = true;
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          });
        });
        req.end(payload);
      });
    },
  };
}
