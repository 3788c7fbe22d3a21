import WebSocket from 'ws';
import { type LiveFrame, liveFrameSchema } from '../../../src/shared/contracts/messages';
import type { Member } from './message-helpers';

export interface LiveChannel {
  socket: WebSocket;
  frames: LiveFrame[];
  /** The next frame, already received or still to come. */
  next(): Promise<LiveFrame>;
}

/** Her live channel at `base` (ws://host:port), with the frames it received so far. */
export async function connectLive(base: string, member: Member): Promise<LiveChannel> {
  const session = member.agent.cookie('cita_client');
  const socket = new WebSocket(`${base}/api/live`, { headers: { cookie: `cita_client=${session}` } });
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
    next: () => {
      const queued = frames.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
