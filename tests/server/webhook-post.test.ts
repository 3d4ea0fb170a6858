// One webhook request over kept-alive connections: a connection the receiver closed as it was taken again (idle
// connections are closed after a few seconds) costs the lead nothing, the request goes again at once on a new one;
// an answer that never comes is given up at the deadline.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { postWebhook } from '../../server/delivery/webhook-post.ts';

const target = { address: '127.0.0.1', family: 4 as const };
const NO_CONTENT = 'HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n';
let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  sockets.clear();
});

const listen = async (onConnection: (socket: Socket) => void) => {
  server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
};

/** A receiver that answers the first request of each connection 204 and resets the connection at a second one. */
async function resettingReceiver(): Promise<{ url: URL; connections: () => number; requests: () => number }> {
  let connections = 0;
  let requests = 0;
  const url = await listen((socket) => {
    connections += 1;
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      if (!chunk.toString('latin1').startsWith('POST ')) return;
      requests += 1;
      if (answered) socket.resetAndDestroy();
      else socket.write(NO_CONTENT);
      answered = true;
    });
  });
  return { url, connections: () => connections, requests: () => requests };
}

it('sends again at once on a new connection when a kept-alive one was closed by the receiver', async () => {
  const receiver = await resettingReceiver();
  const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_1' };
  expect(await postWebhook(receiver.url, target, headers, '{}', 2_000)).toEqual({ status: 204 });
  expect(await postWebhook(receiver.url, target, headers, '{}', 2_000)).toEqual({ status: 204 });
  expect([receiver.connections(), receiver.requests()]).toEqual([2, 3]);
});

it('gives up at the deadline when no answer comes', async () => {
  const url = await listen(() => {});
  const started = Date.now();
  expect(await postWebhook(url, target, {}, '{}', 300)).toEqual({ error: 'no answer within 0.3 s' });
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
});
