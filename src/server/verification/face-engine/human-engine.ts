/**
 * The self-hosted face engine (`FACE_ENGINE=human`; docs/design/27-verified.md, decision 0067):
 * `@vladmandic/human` on TensorFlow.js's WASM backend, in a child process at the system's idle
 * priority, so that no image leaves the server and the requests never wait on the model.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FaceEngine, FaceEngineInput, FaceReading } from './face-engine';
import type { EngineReply, EngineRequest } from './human-protocol';

/**
 * The child runs the TypeScript of human-process.ts through tsx, as the server does; nothing of
 * the parent's own flags (vitest's, a debugger's) goes with it. Images cross as Uint8Arrays.
 */
function forkModelProcess(): ChildProcess {
  return fork(fileURLToPath(new URL('./human-process.ts', import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

interface Pending {
  resolve: (reading: FaceReading) => void;
  reject: (error: Error) => void;
}

/** One child with the models loaded; its reads wait their turn inside it. */
class ModelProcess {
  readonly child: ChildProcess;
  readonly loaded: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  /** Set once the child can take no more reads (it failed, crashed or was closed). */
  ended = false;

  constructor() {
    this.child = forkModelProcess();
    this.loaded = new Promise((resolve, reject) => {
      this.child.on('message', (reply: EngineReply) => {
        if (reply.type === 'ready') {
          // An idle engine does not keep the server's process alive; one that loads or reads does.
          this.hold(false);
          resolve();
        } else if (reply.type === 'failed') {
          reject(new Error(reply.error));
          void this.close();
        } else this.settle(reply);
      });
      this.child.on('error', (error) => {
        reject(error);
        this.end(error);
      });
      this.child.on('exit', (code, signal) => {
        const error = new Error(`face engine process stopped (${signal ?? `exit code ${code}`})`);
        reject(error);
        this.end(error);
      });
    });
  }

  read(input: FaceEngineInput): Promise<FaceReading> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(true);
      this.child.send({ id, input } satisfies EngineRequest);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.ended = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill();
    await exited;
  }

  private hold(busy: boolean): void {
    if (busy) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  private settle(reply: Extract<EngineReply, { id: number }>): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.hold(false);
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

async function startProcess(): Promise<ModelProcess> {
  const engine = new ModelProcess();
  await engine.loaded;
  return engine;
}

/** The self-hosted engine, and when it can read. */
export interface HumanFaceEngine extends FaceEngine {
  /** Resolves once the models are loaded and warmed up; rejects with the reason they could not be. */
  ready(): Promise<void>;
}

/**
 * Starts the child at once and returns: the models load and warm up in the background (several
 * seconds on two busy cores, past the 10 s Fastify gives a plugin to start), so the server
 * listens meanwhile and a read waits for them. A child that failed to start or died is replaced
 * at the next read.
 */
export function createHumanEngine(): HumanFaceEngine {
  let starting = startProcess();
  // A failed start is told by ready() and by the reads; it must not end the process unheard.
  starting.catch(() => undefined);
  let closed = false;
  async function liveProcess(): Promise<ModelProcess> {
    const started = starting;
    const current = await started.catch(() => null);
    if (current && !current.ended) return current;
    // Two reads that find it dead start one child between them.
    if (starting === started) starting = startProcess();
    return starting;
  }
  return {
    async ready() {
      await starting;
    },
    async read(input) {
      if (closed) throw new Error('face engine closed');
      return (await liveProcess()).read(input);
    },
    async close() {
      closed = true;
      const current = await starting.catch(() => null);
      await current?.close();
    },
  };
}
