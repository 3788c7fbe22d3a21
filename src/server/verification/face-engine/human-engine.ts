/**
 * The self-hosted face engine (`FACE_ENGINE=human`; docs/design/27-verified.md, decision 0067):
 * `@vladmandic/human` on TensorFlow.js's WASM backend, in a worker thread, so that no image leaves
 * the server and the event loop stays free while a verification is read.
 */
import { Worker } from 'node:worker_threads';
import type { FaceEngine, FaceEngineInput, FaceReading } from './face-engine';
import type { WorkerReply, WorkerRequest } from './human-protocol';

/**
 * A worker does not inherit the TypeScript loader of the thread that starts it (nor vitest's):
 * this small entry registers tsx in the worker, then imports the worker's module.
 */
function workerBootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./human-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

interface Pending {
  resolve: (reading: FaceReading) => void;
  reject: (error: Error) => void;
}

/** One worker with the models loaded; its reads wait their turn inside it. */
class ModelWorker {
  readonly worker: Worker;
  readonly loaded: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  /** Set once the worker can take no more reads (it failed, crashed or was closed). */
  ended = false;

  constructor() {
    this.worker = new Worker(workerBootstrap(), { eval: true });
    this.loaded = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          // An idle worker does not keep the process alive; one that loads or reads does.
          this.worker.unref();
          resolve();
        } else if (reply.type === 'failed') {
          reject(new Error(reply.error));
          void this.close();
        } else this.settle(reply);
      });
      this.worker.on('error', (error) => {
        reject(error);
        this.end(error);
      });
      this.worker.on('exit', (code) => {
        const error = new Error(`face engine worker stopped (exit code ${code})`);
        reject(error);
        this.end(error);
      });
    });
  }

  read(input: FaceEngineInput): Promise<FaceReading> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, input } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.ended = true;
    await this.worker.terminate();
  }

  private settle(reply: Extract<WorkerReply, { id: number }>): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.type === 'reading') waiting.resolve(reply.reading);
    else waiting.reject(new Error(reply.error));
  }

  /** Every read still waiting fails with the reason: the job that asked may try again. */
  private end(error: Error): void {
    this.ended = true;
    const reason = this.closing ? new Error('face engine closed') : error;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}

async function startWorker(): Promise<ModelWorker> {
  const worker = new ModelWorker();
  await worker.loaded;
  return worker;
}

/** The self-hosted engine, and when it can read. */
export interface HumanFaceEngine extends FaceEngine {
  /** Resolves once the models are loaded and warmed up; rejects with the reason they could not be. */
  ready(): Promise<void>;
}

/**
 * Starts the worker at once and returns: the models load and warm up in the background (several
 * seconds on two busy cores, past the 10 s Fastify gives a plugin to start), so the server
 * listens meanwhile and a read waits for them. A worker that failed to start or died is replaced
 * at the next read.
 */
export function createHumanEngine(): HumanFaceEngine {
  let starting = startWorker();
  // A failed start is told by ready() and by the reads; it must not end the process unheard.
  starting.catch(() => undefined);
  let closed = false;
  async function liveWorker(): Promise<ModelWorker> {
    const started = starting;
    const current = await started.catch(() => null);
    if (current && !current.ended) return current;
    // Two reads that find it dead start one worker between them.
    if (starting === started) starting = startWorker();
    return starting;
  }
  return {
    async ready() {
      await starting;
    },
    async read(input) {
      if (closed) throw new Error('face engine closed');
      return (await liveWorker()).read(input);
    },
    async close() {
      closed = true;
      const current = await starting.catch(() => null);
      await current?.close();
    },
  };
}
