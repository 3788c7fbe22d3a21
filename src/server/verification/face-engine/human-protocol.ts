/** The messages between the face engine and its child process (decision 0067). */
import type { FaceEngineInput, FaceReading } from './face-engine';

export interface EngineRequest {
  id: number;
  input: FaceEngineInput;
}

export type EngineReply =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'reading'; id: number; reading: FaceReading }
  | { type: 'error'; id: number; error: string };
