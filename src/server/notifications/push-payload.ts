import type { NotificationKind } from '../../shared/domain/notification-kinds';

/**
 * What the service worker receives (src/web/service-worker/sw.ts): what happened and where to
 * go, never a message's text.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: NotificationKind;
}

/**
 * The most plaintext one aes128gcm record of 4 096 bytes carries: minus its 86-byte header, the
 * padding delimiter and the 16-byte tag. Push services refuse more.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 1 - 16;

/** The payload as sent; throws on one too long to send, which is a bug of its caller. */
export function encodePushPayload({ title, body, url, tag, kind }: PushPayload): string {
  const text = JSON.stringify({ title, body, url, tag, kind });
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PUSH_PAYLOAD_BYTES) {
    throw new Error(
      `a push payload of ${bytes} bytes is over the ${MAX_PUSH_PAYLOAD_BYTES} a push service takes`,
    );
  }
  return text;
}
