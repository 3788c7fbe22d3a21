import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/web/api/client', () => ({ apiPost: vi.fn() }));

const { apiPost } = await import('../../src/web/api/client');
const { forgetUnreadTotal, loadUnreadTotal, setUnreadTotal, unreadTotalNow } = await import(
  '../../src/web/features/messages/unread-total'
);

/** Each read of the server, answered when the test says. */
function heldReads(): ((unread: number) => void)[] {
  const answers: ((unread: number) => void)[] = [];
  vi.mocked(apiPost).mockImplementation(
    () =>
      new Promise((resolve) => {
        answers.push((unread) => resolve({ unread_total: unread } as never));
      }) as never,
  );
  return answers;
}

describe('the header’s unread total', () => {
  beforeEach(() => {
    vi.mocked(apiPost).mockReset();
    forgetUnreadTotal();
  });

  it('an answer to a read sent before a live frame comes back late and does not undo the frame', async () => {
    const answers = heldReads();
    const load = loadUnreadTotal();
    setUnreadTotal(3);
    answers[0]!(2);
    await load;
    expect(unreadTotalNow()).toBe(3);
  });

  it('the channel’s catch-up sends a read of its own rather than sharing one sent before it opened', async () => {
    const answers = heldReads();
    const before = loadUnreadTotal();
    const catchUp = loadUnreadTotal({ fresh: true });
    expect(apiPost).toHaveBeenCalledTimes(2);
    answers[1]!(3);
    await catchUp;
    answers[0]!(2);
    await before;
    expect(unreadTotalNow()).toBe(3);
  });

  it('reads sent together still share one request', async () => {
    const answers = heldReads();
    const first = loadUnreadTotal();
    const second = loadUnreadTotal();
    expect(apiPost).toHaveBeenCalledTimes(1);
    answers[0]!(2);
    await Promise.all([first, second]);
    expect(unreadTotalNow()).toBe(2);
  });
});
