import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/platform/config';
import type { FaceEngineInput } from '../src/server/verification/face-engine/face-engine';
import { createHumanEngine } from '../src/server/verification/face-engine/human-engine';
import { faceEngineProcessIds } from '../tests/support/face-engine-process';
import { residentMegabytes } from './scale/scratch-dataset';

/**
 * The server of `npm run bench:verify` (bench/verify.ts starts it with an IPC channel): the real
 * app listening, and the self-hosted face engine started by it (its child process), as the queue
 * job runs it. It answers 'verify' with how long each verification took and the resident memory
 * of the server and the engine's process together.
 */
export type VerifyServerMessage =
  | { type: 'ready'; port: number; loadMs: number; rssBefore: number; rssLoaded: number }
  | { type: 'verified'; ms: number[]; rssPeak: number };

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
);
const faceRow = path.join(assets, 'screenshot-facedetect.jpg');

/**
 * One verification as a phone and the photo store would hand it over, from the faces the library
 * ships: two 720 × 960 JPEG selfies and three 1080 × 1440 WebP photos (the largest variant kept).
 * The gestures are the dearest to read: one eye closed (iris model) and a raised hand (hand models).
 */
async function verificationInput(): Promise<FaceEngineInput> {
  const face = (left: number) =>
    sharp(faceRow).extract({ left, top: 330, width: 150, height: 180 }).resize(360, 480).toBuffer();
  const [her, other, another] = await Promise.all([165, 478, 632].map(face));
  const selfie = (bytes: Buffer) => sharp(bytes).resize(720, 960).jpeg({ quality: 85 }).toBuffer();
  const photo = (bytes: Buffer) => sharp(bytes).resize(1080, 1440).webp({ quality: 80 }).toBuffer();
  return {
    selfies: [
      { image: await selfie(her!), gesture: 'eye_closed' },
      { image: await selfie(await sharp(her!).flop().toBuffer()), gesture: 'hand_raised' },
    ],
    photos: [
      { photo_id: 1, image: await photo(her!) },
      { photo_id: 2, image: await photo(other!) },
      { photo_id: 3, image: await photo(another!) },
    ],
  };
}

/** The engine's child process (human-process.ts). */
function engineProcessId(): number {
  const [pid, ...others] = faceEngineProcessIds();
  if (pid === undefined || others.length > 0) throw new Error('the face engine should have one process');
  return pid;
}

/** Resident memory of the server and the engine's process together: now, and the peak since the last reset. */
function residentWithEngine(enginePid: number): { now: number; peak: number } {
  const server = residentMegabytes(process.pid);
  const engine = residentMegabytes(enginePid);
  return { now: server.now + engine.now, peak: server.peak + engine.peak };
}

/** Linux keeps each process's peak resident memory; writing 5 starts a new peak from now. */
function resetPeakMemory(enginePid: number): void {
  fs.writeFileSync('/proc/self/clear_refs', '5');
  fs.writeFileSync(`/proc/${enginePid}/clear_refs`, '5');
}

function send(message: VerifyServerMessage): void {
  process.send?.(message);
}

const config = configFromEnv();
const app = await buildApp(config);
await app.listen({ port: config.port, host: '127.0.0.1' });
const input = await verificationInput();
const rssBefore = residentMegabytes(process.pid).now;
const loadStarted = performance.now();
const engine = createHumanEngine();
await engine.ready();
const enginePid = engineProcessId();
send({
  type: 'ready',
  port: config.port,
  loadMs: performance.now() - loadStarted,
  rssBefore,
  rssLoaded: residentWithEngine(enginePid).now,
});

process.on('message', async (message: { type: 'verify'; count: number } | { type: 'stop' }) => {
  if (message.type === 'stop') {
    await engine.close();
    await app.close();
    process.exit(0);
  }
  resetPeakMemory(enginePid);
  const ms = await Promise.all(
    Array.from({ length: message.count }, async () => {
      const started = performance.now();
      await engine.read(input);
      return performance.now() - started;
    }),
  );
  send({ type: 'verified', ms, rssPeak: residentWithEngine(enginePid).peak });
});
