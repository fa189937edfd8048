/**
 * The chat bench's baseline: a bare `ws` server that forwards each frame to the socket named in it
 * (delivery without the app: no database, no session). Run in its own process, like the app's
 * servers, so it has its own event loop and file descriptors:
 *
 *   node --import tsx chat-relay.ts PORT        (prints "listening" once it accepts connections)
 */
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const byId = new Map<number, WebSocket>();
const server = new WebSocketServer({ port, host: '127.0.0.1' });
server.on('connection', (socket) => {
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as { type: string; id: number; to?: number };
    if (frame.type === 'hello') {
      byId.set(frame.id, socket);
      socket.send('{"type":"ready"}');
    } else if (frame.to !== undefined) {
      byId.get(frame.to)?.send(data.toString('utf8'));
    }
  });
});
server.once('listening', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
