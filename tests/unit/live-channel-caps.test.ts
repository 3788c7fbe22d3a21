import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE } from '../../src/shared/domain/live-close';
import { openLiveChannel } from '../../src/web/features/messages/live';

/** A WebSocket that records itself and closes when the test says, as the server would. */
class FakeSocket extends EventTarget {
  static opened: FakeSocket[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }
  closeFromServer(code: number): void {
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  close(): void {}
}

const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  page.visibilityState = 'hidden';
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), { location: { protocol: 'https:', host: 'cita.mx' } }),
  );
  vi.stubGlobal('document', page);
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live channel closed by the server’s caps (decision 0037)', () => {
  for (const [name, code] of [
    ['her oldest, given way to a newer tab (4409)', LIVE_CLOSE.replaced],
    ['her address full (4429)', LIVE_CLOSE.addressFull],
  ] as const) {
    it(`does not knock again while she is away when closed as ${name}, and connects once when she comes back`, () => {
      const close = openLiveChannel(new QueryClient());
      expect(FakeSocket.opened).toHaveLength(1);
      FakeSocket.opened[0]!.closeFromServer(code);
      vi.advanceTimersByTime(10 * 60_000);
      expect(FakeSocket.opened).toHaveLength(1);

      page.visibilityState = 'visible';
      page.dispatchEvent(new Event('visibilitychange'));
      expect(FakeSocket.opened).toHaveLength(2);
      expect(FakeSocket.opened[1]!.url).toBe('wss://cita.mx/api/live');
      page.dispatchEvent(new Event('visibilitychange'));
      expect(FakeSocket.opened).toHaveLength(2);
      close();
    });
  }

  it('still reconnects on its own after a dropped connection', () => {
    const close = openLiveChannel(new QueryClient());
    FakeSocket.opened[0]!.closeFromServer(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(2);
    close();
  });
});
