import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';

/** How long the same code is ignored after a read: the camera sees it on many frames in a row. */
export const REPEAT_WINDOW_MS = 4000;

/**
 * The reader the door page scans with (ZXing: it decodes the video frames itself, with no
 * worker or WebAssembly to serve). Only QR codes, and the harder search a phone's shaky frame needs.
 */
export function createTicketReader(): BrowserQRCodeReader {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return new BrowserQRCodeReader(hints, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 500 });
}

/** Passes on each code once per REPEAT_WINDOW_MS, however many frames show it. */
export function repeatFilter(onCode: (code: string) => void, now: () => number = Date.now) {
  let last: { code: string; at: number } | null = null;
  return (code: string) => {
    const at = now();
    if (last && last.code === code && at - last.at < REPEAT_WINDOW_MS) return;
    last = { code, at };
    onCode(code);
  };
}

/** Starts the back camera in `video` and calls `onCode` with each ticket code it reads. */
export function scanTickets(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<IScannerControls> {
  const once = repeatFilter(onCode);
  return createTicketReader().decodeFromConstraints(
    { video: { facingMode: 'environment' }, audio: false },
    video,
    (result) => {
      if (result) once(result.getText().trim());
    },
  );
}
