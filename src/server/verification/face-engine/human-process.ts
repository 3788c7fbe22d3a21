/**
 * The child process of the self-hosted face engine (docs/design/27-verified.md; decision 0067):
 * it loads `@vladmandic/human` on its WASM backend once, from `node_modules`, and reads one
 * verification at a time, in the order they come, at the system's idle priority, so that the
 * server's requests never wait on the model.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { Config, Human, Result } from '@vladmandic/human';
import sharp from 'sharp';
import type { FaceEngineInput, FaceReading, Gesture } from './face-engine';
import type { EngineReply, EngineRequest } from './human-protocol';
import { readSelfie, singleFace } from './human-reading';

const require = createRequire(import.meta.url);

/**
 * The package's `exports` name no subpath Node accepts, and its Node entry needs
 * `@tensorflow/tfjs-node` (native, not installable here): its WASM build sits beside that entry.
 */
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const { Human: HumanClass } = require(path.join(humanDist, 'human.node-wasm.js')) as {
  Human: new (config?: Partial<Config>) => Human;
};
/** The same copy of TensorFlow.js that the WASM build requires, so a loader registered here is its. */
const tf = require('@tensorflow/tfjs-core') as typeof TfCore;

const MODELS_DIR = path.join(humanDist, '..', 'models');
/** A photo of a face that the package ships (its face-id demo's screenshot). */
const WARM_UP_IMAGE = path.join(humanDist, '..', 'assets', 'screenshot-faceid.jpg');
const WARM_UP_READS = 2;
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/**
 * After each image the engine rests as long as the image took, so it uses at most half a core.
 * At idle priority alone the model's cache and memory traffic still took `adverts/get`'s p95 up by
 * a fifth while verifications ran; resting halves the time it overlaps a request. One
 * verification takes about 2 s instead of 1, against the 5 s it may take (decision 0067).
 */
const REST_PER_WORK = 1;

/** Where Linux's idle scheduling class is not to be had: the lowest nice value. */
const FALLBACK_NICE = 19;

/**
 * The longest side an image is read at. The face detector looks at 256 px and the embedding at a
 * 224 px crop of the face, so a selfie, where the face fills much of the frame, loses nothing;
 * a full-length approved photo keeps a face of a hundred pixels or more.
 */
const MAX_SIDE = 800;

/**
 * Only the modules the checks need: the face detector (how many faces), the mesh (turning,
 * looking up, mouth), the iris model (its finer eyelids tell one closed eye, the mesh alone
 * does not), the description (the embedding that similarity compares), and the hand models for
 * a raised hand. Every result is of one still photo: no caching between frames.
 */
const BASE_CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${WASM_DIR}/`,
  modelBasePath: `file://${MODELS_DIR}/`,
  cacheModels: false,
  cacheSensitivity: 0,
  debug: false,
  async: false,
  warmup: 'none',
  filter: { enabled: false },
  face: {
    enabled: true,
    // A few beyond one, so that "two faces" is told from "a crowd" in the moderator's scores.
    detector: { rotation: true, maxDetected: 4, minConfidence: 0.5, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: true, skipFrames: 0, skipTime: 0 },
    description: { enabled: true, skipFrames: 0, skipTime: 0 },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
  hand: { enabled: true, maxDetected: 2, minConfidence: 0.5, landmarks: true, skipFrames: 0, skipTime: 0 },
  body: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  gesture: { enabled: true },
};

/**
 * What each photo turns on, each module only where its answer is used. Human merges a call's
 * settings into its own for good, so every call states all of them.
 */
function callConfig(gesture: Gesture | null): Partial<Config> {
  return {
    face: { iris: { enabled: gesture === 'eye_closed' } },
    hand: { enabled: gesture === 'hand_raised' },
    gesture: { enabled: gesture !== null },
  };
}

/**
 * TensorFlow.js reads `file://` models only through tfjs-node; with WASM this small loader reads
 * the model's JSON and its weight files from the package's folder.
 */
function fileLoader(url: string | string[]): TfCore.io.IOHandler | null {
  const address = Array.isArray(url) ? url[0] : url;
  if (typeof address !== 'string' || !address.startsWith('file://')) return null;
  const file = address.slice('file://'.length);
  return {
    load: async () => {
      const modelJson = JSON.parse(await readFile(file, 'utf8')) as TfCore.io.ModelJSON;
      return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
        const specs: TfCore.io.WeightsManifestEntry[] = [];
        const parts: Buffer[] = [];
        for (const group of manifest) {
          specs.push(...group.weights);
          for (const part of group.paths) parts.push(await readFile(path.join(path.dirname(file), part)));
        }
        const weights = Buffer.concat(parts);
        return [specs, weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength)];
      });
    },
  };
}

/**
 * Decodes JPEG, PNG or WebP (EXIF-rotated, alpha dropped, greyscale made RGB) at most MAX_SIDE a
 * side; null when the bytes are no image, which reads as a photo without a face.
 */
async function imageTensor(image: Uint8Array): Promise<TfCore.Tensor3D | null> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  } catch {
    return null;
  }
}

async function detect(human: Human, image: Uint8Array, config: Partial<Config>): Promise<Result | null> {
  const started = performance.now();
  const tensor = await imageTensor(image);
  if (!tensor) return null;
  try {
    return await human.detect(tensor, config);
  } finally {
    tf.dispose(tensor);
    await setTimeout((performance.now() - started) * REST_PER_WORK);
  }
}

async function read(human: Human, input: FaceEngineInput): Promise<FaceReading> {
  // One image at a time: the model keeps state between the steps of an image.
  const readOne = async ({ image, gesture }: FaceEngineInput['selfies'][number]) =>
    readSelfie(await detect(human, image, callConfig(gesture)), gesture);
  const first = await readOne(input.selfies[0]);
  const second = await readOne(input.selfies[1]);
  const similarity = (a: number[], b: number[]) => human.match.similarity(a, b);
  const sameFace = first.embedding && second.embedding ? similarity(first.embedding, second.embedding) : null;
  const photos: FaceReading['photos'] = [];
  for (const { photo_id, image } of input.photos) {
    // Without one face in her first selfie there is nothing to compare, and the attempt is
    // refused at once: her photos are not read.
    const face = first.embedding ? singleFace(await detect(human, image, callConfig(null))) : null;
    photos.push({
      photo_id,
      score: first.embedding && face?.embedding ? similarity(first.embedding, face.embedding) : null,
    });
  }
  return { selfies: [first.reading, second.reading], same_person: sameFace, photos };
}

/**
 * The first images through the models are slow (WASM memory growing, V8 compiling TensorFlow.js's
 * code): the first read took 2–4 times the next ones. Two reads of one face with every module on
 * take that cost at start. Speed only: without the image the engine still works.
 */
async function warmUp(human: Human): Promise<void> {
  const image = await readFile(WARM_UP_IMAGE).catch(() => null);
  if (!image) return;
  const everything: Partial<Config> = {
    face: { iris: { enabled: true } },
    hand: { enabled: true },
    gesture: { enabled: true },
  };
  for (let pass = 0; pass < WARM_UP_READS; pass++) await detect(human, image, everything);
}

/**
 * Every thread of this process in Linux's idle scheduling class (SCHED_IDLE), and those it starts
 * later with them (libuv's pool, libvips's decoders, V8's collectors): a CPU runs them only when
 * nothing else wants it, so a request that arrives takes the core at once. A worker thread inside
 * the server with only the model's thread at idle, its image decoding and garbage collection at
 * the server's priority, took `event/get`'s p95 up by 80 % while verifications ran; this process
 * at idle, by 8–21 % (decision 0067). Without `chrt` (util-linux; not Linux) they run at nice 19.
 */
function runAtIdlePriority(): void {
  try {
    execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    os.setPriority(FALLBACK_NICE);
  }
}

function send(reply: EngineReply): void {
  process.send?.(reply);
}

async function start(): Promise<void> {
  if (!process.send) throw new Error('human-process runs only as a child with an IPC channel');
  runAtIdlePriority();
  // The server gone (a crash, kill -9), nothing is left to read for: no orphan keeps the models.
  process.on('disconnect', () => process.exit(0));
  // The registry passes over a router that answers null, as TensorFlow.js's own routers do.
  tf.io.registerLoadRouter(fileLoader as Parameters<typeof tf.io.registerLoadRouter>[0]);
  const human = new HumanClass(BASE_CONFIG);
  try {
    await human.load();
    await human.tf.ready();
    // Human logs a model it cannot load and goes on without it: a missing one is a failed start.
    const missing = human.models.stats().modelStats.filter((model) => !model.loaded);
    if (missing.length > 0) {
      throw new Error(`face engine models not loaded: ${missing.map((model) => model.name).join(', ')}`);
    }
  } catch (error) {
    send({ type: 'failed', error: String(error) });
    return;
  }
  await warmUp(human);
  // Reads wait their turn: one verification at a time keeps the engine on one core.
  let queue = Promise.resolve();
  process.on('message', (request: EngineRequest) => {
    queue = queue.then(async () => {
      try {
        const reading = await read(human, request.input);
        send({ type: 'reading', id: request.id, reading });
      } catch (error) {
        send({ type: 'error', id: request.id, error: String(error) });
      }
    });
  });
  send({ type: 'ready' });
}

await start();
