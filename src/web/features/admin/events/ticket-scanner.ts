import jsQR from 'jsqr';

/** How long the same code is ignored after a read: the camera sees it on many frames in a row. */
export const REPEAT_WINDOW_MS = 4000;
/** The pause between two frames read: a few reads a second, without keeping a phone's CPU busy. */
const SCAN_INTERVAL_MS = 150;

export interface ScannerControls {
  stop(): void;
}

/**
 * The ticket code in one frame (RGBA pixels, as a canvas gives them), or null. jsQR, not ZXing:
 * ZXing's finder took a pattern inside the data of about one ticket QR in twelve for a corner and
 * never read those tickets (decision 0021); jsQR reads them all.
 */
export function readTicketCode(pixels: Uint8ClampedArray, width: number, height: number): string | null {
  const code = jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data.trim();
  return code ? code : null;
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
export async function scanTickets(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<ScannerControls> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  const stopCamera = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    stopCamera();
    throw error;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const once = repeatFilter(onCode);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const scan = () => {
    if (stopped || !context) return;
    // The frame's size is read at every frame: a camera may change it once started (a phone turned).
    const { videoWidth: width, videoHeight: height } = video;
    if (width > 0 && height > 0) {
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const code = readTicketCode(context.getImageData(0, 0, width, height).data, width, height);
      if (code) once(code);
    }
    timer = setTimeout(scan, SCAN_INTERVAL_MS);
  };
  scan();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    },
  };
}
