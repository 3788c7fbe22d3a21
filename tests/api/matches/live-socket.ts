import WebSocket from 'ws';
import { type LiveFrame, liveFrameSchema } from '../../../src/shared/contracts/messages';
import type { Member } from './message-helpers';

export interface LiveChannel {
  socket: WebSocket;
  frames: LiveFrame[];
  /** The next frame, already received or still to come. */
  next(): Promise<LiveFrame>;
  /** The close, with the server's code and reason, however soon it comes. */
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * Her live channel at `base` (ws://host:port), with the frames it received so far. `headers` adds
 * to the request (an X-Forwarded-For the app trusts from the loopback proxy).
 */
export async function connectLive(
  base: string,
  member: Member,
  headers: Record<string, string> = {},
): Promise<LiveChannel> {
  const session = member.agent.cookie('cita_client');
  const socket = new WebSocket(`${base}/api/live`, {
    headers: { ...headers, cookie: `cita_client=${session}` },
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const frames: LiveFrame[] = [];
  const waiting: ((frame: LiveFrame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = liveFrameSchema.parse(JSON.parse(String(data)));
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    next: () => {
      const queued = frames.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
