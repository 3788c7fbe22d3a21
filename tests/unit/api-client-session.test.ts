import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost, rememberSessionHint, sessionHint } from '../../src/web/api/client';

/** Answers the browser would get, released by the test in the order it chooses. */
function controlledFetch() {
  const waiting = new Map<string, (response: Response) => void>();
  const fetch = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        waiting.set(url.replace('/api/', ''), resolve);
      }),
  );
  const answer = (path: string, status: number) => {
    const body =
      status === 200
        ? { status: 'success', message: 'Listo' }
        : { status: 'warning', message: 'Inicia sesión para continuar' };
    waiting.get(path)?.(new Response(JSON.stringify(body), { status }));
  };
  return { fetch, answer, sent: (path: string) => waiting.has(path) };
}

describe('a 401 logs the member out only for the session she still has', () => {
  let network: ReturnType<typeof controlledFetch>;

  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    network = controlledFetch();
    vi.stubGlobal('fetch', network.fetch);
    rememberSessionHint('client', 7);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('forgets her after a 401 of her current session', async () => {
    const call = apiPost('client/profile');
    await vi.waitFor(() => expect(network.sent('client/profile')).toBe(true));
    network.answer('client/profile', 401);
    await expect(call).rejects.toMatchObject({ httpStatus: 401 });
    expect(sessionHint('client')).toBeNull();
  });

  it('keeps her when the 401 comes while her password change renews the session', async () => {
    const change = apiPost('client/password/update', { password: { current: 'a', new: 'bbbbbbbb' } });
    const stale = apiPost('client/conversations/get');
    await vi.waitFor(() => expect(network.sent('client/conversations/get')).toBe(true));
    network.answer('client/conversations/get', 401);
    await expect(stale).rejects.toMatchObject({ httpStatus: 401 });
    network.answer('client/password/update', 200);
    await change;
    expect(sessionHint('client')).toBe(7);
  });

  it('keeps her when a call sent with the old cookie answers 401 after the change', async () => {
    const stale = apiPost('client/conversations/get');
    const change = apiPost('client/password/update', { password: { current: 'a', new: 'bbbbbbbb' } });
    await vi.waitFor(() => expect(network.sent('client/password/update')).toBe(true));
    network.answer('client/password/update', 200);
    await change;
    network.answer('client/conversations/get', 401);
    await expect(stale).rejects.toMatchObject({ httpStatus: 401 });
    expect(sessionHint('client')).toBe(7);
  });
});
