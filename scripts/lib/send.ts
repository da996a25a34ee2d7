import { Agent, request } from 'node:http';

/** One HTTP exchange, as the REST clients in scripts/ make them. */
export interface SendRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type Send = (request: SendRequest) => Promise<{ status: number; text: string }>;

export const sendWithFetch: Send = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, body });
  return { status: response.status, text: await response.text() };
};

/**
 * Over node:http with kept-alive connections, as a browser tab keeps them: for benches timing
 * sub-millisecond answers, where fetch adds about a millisecond of its own per call.
 */
export function keepAliveSend(): { send: Send; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const send: Send = ({ method, url, headers, body }) =>
    new Promise((resolve, reject) => {
      const length =
        body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      const req = request(url, { method, agent, headers: { ...headers, ...length } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
