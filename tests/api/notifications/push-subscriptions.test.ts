import { describe, expect, it } from 'vitest';
import { MAX_DEVICES } from '../../../src/server/notifications/push-subscriptions';
import { newDevice, setUpPushApp } from '../../support/push';
import { loggedInClient } from '../events/helpers';

const { testApp, pushService } = setUpPushApp();

async function devicesOf(clientId: number) {
  return testApp.app.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}

async function allDevices(): Promise<number> {
  const rows = await testApp.app.db.selectFrom('push_subscriptions').select('id').execute();
  return rows.length;
}

describe('client/push/subscribe', () => {
  it('keeps this device for the member in session and answers the VAPID public key', async () => {
    const lucia = await loggedInClient(testApp);
    const device = newDevice(pushService().origin);
    const key = await lucia.agent.post<{ public_key: string }>('client/push/key', { client_id: lucia.id });
    expect(key.statusCode).toBe(200);
    expect(Buffer.from(key.body.public_key, 'base64url')).toHaveLength(65);

    const response = await lucia.agent.post<{ public_key: string }>(
      'client/push/subscribe',
      { client_id: lucia.id, subscription: device.subscription },
      { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.public_key).toBe(key.body.public_key);
    const [stored] = await devicesOf(lucia.id);
    expect(stored).toMatchObject({
      endpoint: device.endpoint,
      p256dh: device.subscription.keys.p256dh,
      auth: device.subscription.keys.auth,
      device_label: 'Chrome en Android',
      last_success_at: null,
    });
  });

  it('keeps the same VAPID pair for every call (generated once, stored in the database)', async () => {
    const one = await loggedInClient(testApp);
    const first = await one.agent.post<{ public_key: string }>('client/push/key');
    const stored = await testApp.app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first.body.public_key);
  });

  it('refuses a visitor, and a client_id that is not the session’s, storing nothing', async () => {
    const lucia = await loggedInClient(testApp);
    const marta = await loggedInClient(testApp);
    const before = await allDevices();
    const visitor = await testApp
      .agent()
      .post('client/push/subscribe', { subscription: newDevice(pushService().origin).subscription });
    expect(visitor.statusCode).toBe(401);
    const forged = await marta.agent.post('client/push/subscribe', {
      client_id: lucia.id,
      subscription: newDevice(pushService().origin).subscription,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body.message).toBe('No puedes actuar en nombre de otra persona');
    expect(await allDevices()).toBe(before);
  });

  it.each([
    ['http:', (origin: string) => `${origin.replace('https:', 'http:')}/push/x`],
    ['a host that is not a push service', () => 'https://example.com/push/x'],
    ['an address inside the network', () => 'https://169.254.169.254/latest/meta-data'],
    ['a look-alike of a push service', () => 'https://fcm.googleapis.com.example.com/fcm/send/x'],
    ['the bare domain of a wildcard rule', () => 'https://push.apple.com/x'],
  ])('refuses an endpoint on %s with a Spanish 400', async (_case, endpointOf) => {
    const lucia = await loggedInClient(testApp);
    const device = newDevice(pushService().origin);
    const response = await lucia.agent.post('client/push/subscribe', {
      subscription: { ...device.subscription, endpoint: endpointOf(pushService().origin) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toMatch(/servicio de notificaciones que Cita no admite/);
    expect(await devicesOf(lucia.id)).toHaveLength(0);
  });

  it('accepts the real push services’ hosts, wildcards by suffix', async () => {
    const lucia = await loggedInClient(testApp);
    const { subscription } = newDevice(pushService().origin);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGfz',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const response = await lucia.agent.post('client/push/subscribe', {
        subscription: { ...subscription, endpoint },
      });
      expect(response.statusCode, endpoint).toBe(200);
    }
    expect(await devicesOf(lucia.id)).toHaveLength(4);
  });

  it.each([
    ['a p256dh that is not a P-256 point', { p256dh: Buffer.alloc(65, 1).toString('base64url') }],
    ['a p256dh of the wrong length', { p256dh: Buffer.alloc(33, 4).toString('base64url') }],
    ['a p256dh that is not base64url', { p256dh: `${'B'.repeat(86)}+/` }],
    ['an auth secret of the wrong length', { auth: Buffer.alloc(8).toString('base64url') }],
    ['an auth secret that is not base64url', { auth: 'no es base64 url!!!!!' }],
  ])('refuses %s with a Spanish 400', async (_case, keys) => {
    const lucia = await loggedInClient(testApp);
    const device = newDevice(pushService().origin);
    const response = await lucia.agent.post('client/push/subscribe', {
      subscription: { ...device.subscription, keys: { ...device.subscription.keys, ...keys } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toMatch(
      /(clave de cifrado|secreto de autenticación) del dispositivo no es válid/,
    );
    expect(await devicesOf(lucia.id)).toHaveLength(0);
  });

  it(`keeps several devices, at most ${MAX_DEVICES}: a new one past that replaces her oldest`, async () => {
    const lucia = await loggedInClient(testApp);
    const devices = Array.from({ length: MAX_DEVICES + 1 }, (_, index) =>
      newDevice(pushService().origin, `tope-${lucia.id}-${index}`),
    );
    for (const device of devices) {
      expect(
        (await lucia.agent.post('client/push/subscribe', { subscription: device.subscription })).statusCode,
      ).toBe(200);
    }
    const kept = (await devicesOf(lucia.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES);
    expect(kept).not.toContain(devices[0]!.endpoint);
    expect(kept).toContain(devices[MAX_DEVICES]!.endpoint);
  });

  it('moves a device to the member who subscribes it now (it changed hands)', async () => {
    const lucia = await loggedInClient(testApp);
    const marta = await loggedInClient(testApp);
    const device = newDevice(pushService().origin);
    await lucia.agent.post('client/push/subscribe', { subscription: device.subscription });
    const again = newDevice(pushService().origin);
    await marta.agent.post('client/push/subscribe', {
      subscription: { endpoint: device.endpoint, keys: again.subscription.keys },
    });
    expect(await devicesOf(lucia.id)).toHaveLength(0);
    const [moved] = await devicesOf(marta.id);
    expect(moved).toMatchObject({ endpoint: device.endpoint, p256dh: again.subscription.keys.p256dh });
  });
});

describe('client/push/unsubscribe', () => {
  it('forgets her device and leaves another member’s alone', async () => {
    const lucia = await loggedInClient(testApp);
    const marta = await loggedInClient(testApp);
    const hers = newDevice(pushService().origin);
    const other = newDevice(pushService().origin);
    await lucia.agent.post('client/push/subscribe', { subscription: hers.subscription });
    await marta.agent.post('client/push/subscribe', { subscription: other.subscription });

    const refused = await lucia.agent.post('client/push/unsubscribe', {
      client_id: marta.id,
      endpoint: other.endpoint,
    });
    expect(refused.statusCode).toBe(403);
    const notHers = await lucia.agent.post('client/push/unsubscribe', { endpoint: other.endpoint });
    expect(notHers.statusCode).toBe(200);
    expect(await devicesOf(marta.id)).toHaveLength(1);

    const response = await lucia.agent.post('client/push/unsubscribe', {
      client_id: lucia.id,
      endpoint: hers.endpoint,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.message).toBe('Este dispositivo ya no recibirá avisos');
    expect(await devicesOf(lucia.id)).toHaveLength(0);
    expect(
      (await testApp.agent().post('client/push/unsubscribe', { endpoint: hers.endpoint })).statusCode,
    ).toBe(401);
  });
});

describe('client/push/preferences', () => {
  it('has every kind on until she turns one off, and says whether this device is hers', async () => {
    const lucia = await loggedInClient(testApp);
    const device = newDevice(pushService().origin);
    const first = await lucia.agent.post('client/push/preferences/get', { client_id: lucia.id });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({
      preferences: {
        messages: true,
        place_freed: true,
        payment_due: true,
        new_match: true,
        event_reminder: true,
        organizer_messages: true,
      },
      devices: 0,
      this_device: false,
    });
    await lucia.agent.post('client/push/subscribe', { subscription: device.subscription });
    const update = await lucia.agent.post('client/push/preferences/update', {
      preferences: { new_match: false, messages: false },
    });
    expect(update.statusCode).toBe(200);
    await lucia.agent.post('client/push/preferences/update', { preferences: { messages: true } });
    const after = await lucia.agent.post('client/push/preferences/get', { endpoint: device.endpoint });
    expect(after.body).toMatchObject({
      preferences: {
        messages: true,
        place_freed: true,
        payment_due: true,
        new_match: false,
        event_reminder: true,
        organizer_messages: true,
      },
      devices: 1,
      this_device: true,
    });
  });

  it('refuses an unknown kind, another member’s id and a visitor', async () => {
    const lucia = await loggedInClient(testApp);
    const marta = await loggedInClient(testApp);
    const unknown = await lucia.agent.post('client/push/preferences/update', {
      preferences: { spam: false },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toMatch(/Revisa el campo «preferences»/);
    const forged = await marta.agent.post('client/push/preferences/update', {
      client_id: lucia.id,
      preferences: { messages: false },
    });
    expect(forged.statusCode).toBe(403);
    expect((await testApp.agent().post('client/push/preferences/get')).statusCode).toBe(401);
    const hers = await lucia.agent.post('client/push/preferences/get');
    expect(hers.body.preferences.messages).toBe(true);
  });
});
