import { EventEmitter } from 'node:events';

/**
 * A notice that something happened to some members, for whichever instance holds their live
 * connections (docs/design/20-mensajes.md). It names ids only, never a message's text: the instance that
 * delivers reads what it sends from the database, seen from the receiver's side.
 */
export type LiveNotice =
  | { type: 'message'; to: number[]; conversation_id: number; message_id: number }
  | {
      type: 'read';
      to: number[];
      conversation_id: number;
      reader_id: number;
      up_to_id: number;
      read_at: string;
    }
  | { type: 'conversation'; to: number[]; conversation_id: number };

export type LiveNoticeListener = (notice: LiveNotice) => void;

/** Carries notices to every instance's listeners. Publish after the transaction that wrote commits. */
export interface LiveBus {
  publish(notice: LiveNotice): Promise<void>;
  /** Answers the function that stops listening. */
  subscribe(listener: LiveNoticeListener): () => void;
  /**
   * Called when the bus hears notices again after a gap in which some may have been lost (its
   * listening connection dropped and came back); answers the function that stops listening.
   */
  onResumed(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process (SQLite, or tests): notices go straight to this process's listeners. */
export class InProcessLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(notice: LiveNotice): Promise<void> {
    this.emitter.emit('notice', notice);
  }

  subscribe(listener: LiveNoticeListener): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }

  /** One process never loses a notice between publisher and listener. */
  onResumed(_listener: () => void): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
