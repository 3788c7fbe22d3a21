import { describe, expect, it } from 'vitest';
import { type MemberNotification, notifyMember } from '../../../src/server/notifications/notify-member';
import { PUSH_DELIVERY_JOB, type PushDelivery } from '../../../src/server/notifications/push-delivery';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { CLIENT_STATUS } from '../../../src/shared/domain/statuses';
import { mailsTo } from '../../support/outbox';
import { decryptPush, newDevice, setUpPushApp, type TestDevice, verifyVapid } from '../../support/push';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

const { testApp, pushService } = setUpPushApp();

type Member = Awaited<ReturnType<typeof loggedInClient>>;
let keySequence = 0;

async function memberWithDevices(count: number): Promise<{ member: Member; devices: TestDevice[] }> {
  const member = await loggedInClient(testApp);
  const devices = Array.from({ length: count }, () => newDevice(pushService().origin));
  for (const device of devices) {
    const response = await member.agent.post('client/push/subscribe', { subscription: device.subscription });
    expect(response.statusCode).toBe(200);
  }
  return { member, devices };
}

function notification(member: Member, values: Partial<MemberNotification> = {}): MemberNotification {
  return {
    clientId: member.id,
    kind: 'messages',
    title: 'Tienes un mensaje nuevo de Beto',
    body: 'Abre Mensajes para leerlo',
    url: '/mensajes/7',
    tag: 'conversacion-7',
    ...values,
  };
}

/** Queues the notification as a domain would, and waits until the queue has nothing due. */
async function notifyAndSettle(values: MemberNotification): Promise<void> {
  keySequence += 1;
  await notifyMember(testApp.app.db, `prueba:${keySequence}`, values);
  testApp.app.queue.wake();
  await waitForQueueIdle(testApp.app.db);
}

function receivedBy(device: TestDevice) {
  return pushService().received.filter((push) => push.path === device.path);
}

async function deviceRow(device: TestDevice) {
  return testApp.app.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', device.endpoint)
    .executeTakeFirst();
}

describe('push delivery', () => {
  it('reaches the device encrypted for its own keys, with TTL, urgency and a VAPID signature', async () => {
    const { member, devices } = await memberWithDevices(1);
    const device = devices[0]!;
    const publicKey = (await member.agent.post<{ public_key: string }>('client/push/key')).body.public_key;
    await notifyAndSettle(notification(member));

    const [push] = receivedBy(device);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(decryptPush(device, push!.body)).toEqual({
      title: 'Tienes un mensaje nuevo de Beto',
      body: 'Abre Mensajes para leerlo',
      url: '/mensajes/7',
      tag: 'conversacion-7',
      kind: 'messages',
    });
    // A message: a day to reach a phone that is off, high urgency (decision 0040).
    const ttl = Number(push!.headers.ttl);
    expect(ttl).toBeLessThanOrEqual(86_400);
    expect(ttl).toBeGreaterThan(86_400 - 60);
    expect(push!.headers.urgency).toBe('high');
    const claims = verifyVapid(push!.headers.authorization as string, pushService().origin, publicKey);
    expect(claims.sub).toBe('mailto:hola@cita.mx');
    expect((await deviceRow(device))?.last_success_at).not.toBeNull();
  });

  it('uses the TTL and urgency of the kind: a payment due lives two hours, a new match is normal', async () => {
    const { member, devices } = await memberWithDevices(1);
    await notifyAndSettle(notification(member, { kind: 'payment_due', tag: 'pago-3' }));
    await notifyAndSettle(notification(member, { kind: 'new_match', tag: 'match-3' }));
    const [payment, match] = receivedBy(devices[0]!);
    expect(Number(payment!.headers.ttl)).toBeLessThanOrEqual(7200);
    expect(Number(payment!.headers.ttl)).toBeGreaterThan(7200 - 60);
    expect(payment!.headers.urgency).toBe('high');
    expect(match!.headers.urgency).toBe('normal');
  });

  it('goes to each of her devices once', async () => {
    const { member, devices } = await memberWithDevices(3);
    await notifyAndSettle(notification(member));
    for (const device of devices) expect(receivedBy(device)).toHaveLength(1);
  });

  it('sends nothing for a kind she turned off, and again once she turns it on', async () => {
    const { member, devices } = await memberWithDevices(1);
    await member.agent.post('client/push/preferences/update', { preferences: { place_freed: false } });
    await notifyAndSettle(notification(member, { kind: 'place_freed', tag: 'lugar-1' }));
    await notifyAndSettle(notification(member, { kind: 'messages' }));
    expect(
      receivedBy(devices[0]!).map((push) => (decryptPush(devices[0]!, push.body) as { kind: string }).kind),
    ).toEqual(['messages']);
    await member.agent.post('client/push/preferences/update', { preferences: { place_freed: true } });
    await notifyAndSettle(notification(member, { kind: 'place_freed', tag: 'lugar-1' }));
    expect(receivedBy(devices[0]!)).toHaveLength(2);
  });

  it('sends the fallback e-mail once when she has no device, and none when she has one', async () => {
    const { member } = await memberWithDevices(0);
    const fallbackMail = {
      to: member.email,
      subject: 'Tienes un mensaje nuevo en Cita',
      text: 'Entra a Cita.',
    };
    await notifyAndSettle(notification(member, { fallbackMail }));
    const mails = (await mailsTo(testApp.config.dataDir, member.email)).filter(
      (mail) => mail.subject === fallbackMail.subject,
    );
    expect(mails).toHaveLength(1);

    const { member: withDevice, devices } = await memberWithDevices(1);
    await notifyAndSettle(
      notification(withDevice, { fallbackMail: { ...fallbackMail, to: withDevice.email } }),
    );
    expect(receivedBy(devices[0]!)).toHaveLength(1);
    expect(await mailsTo(testApp.config.dataDir, withDevice.email)).toHaveLength(0);
  });

  it('queues the fallback e-mail under the notification’s key: a second run of the job adds none', async () => {
    const { member } = await memberWithDevices(0);
    const fallbackMail = { to: member.email, subject: 'Se liberó un lugar', text: 'Entra a Cita.' };
    await notifyAndSettle(notification(member, { kind: 'place_freed', fallbackMail }));
    // The notification's job runs again, as after a crash between its effect and its "done".
    await testApp.app.db
      .updateTable('jobs')
      .set({ state: 'pending', run_at: new Date().toISOString() })
      .where('key', '=', `push:prueba:${keySequence}`)
      .execute();
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    const mails = (await mailsTo(testApp.config.dataDir, member.email)).filter(
      (mail) => mail.subject === fallbackMail.subject,
    );
    expect(mails).toHaveLength(1);
  });

  it.each([410, 404])('forgets a device whose push service answers %i, without retrying', async (status) => {
    const { member, devices } = await memberWithDevices(2);
    const [dead, alive] = devices as [TestDevice, TestDevice];
    pushService().answerAlways(dead.path, status);
    await notifyAndSettle(notification(member));
    expect(receivedBy(dead)).toHaveLength(1);
    expect(await deviceRow(dead)).toBeUndefined();
    expect(await deviceRow(alive)).toBeDefined();
    const deliveries = await testApp.app.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', PUSH_DELIVERY_JOB)
      .where('key', 'like', `push:prueba:${keySequence}:%`)
      .execute();
    expect(deliveries).toEqual([
      { state: 'done', attempts: 1 },
      { state: 'done', attempts: 1 },
    ]);
  });

  it('retries a device whose push service fails (500) without sending again to the one that got it', async () => {
    const { member, devices } = await memberWithDevices(2);
    const [failing, fine] = devices as [TestDevice, TestDevice];
    pushService().answerNext(failing.path, 500, 503);
    await notifyAndSettle(notification(member));
    await waitForJobs(testApp.app.db, (jobs) =>
      jobs
        .filter((job) => job.kind === PUSH_DELIVERY_JOB && job.key?.startsWith(`push:prueba:${keySequence}:`))
        .every((job) => job.state === 'done'),
    );
    expect(receivedBy(failing)).toHaveLength(3);
    expect(receivedBy(fine)).toHaveLength(1);
    expect((await deviceRow(failing))?.last_success_at).not.toBeNull();
  });

  it('sends nothing to a member who is no longer active', async () => {
    const { member, devices } = await memberWithDevices(1);
    await testApp.app.db
      .updateTable('clients')
      .set({ status_id: CLIENT_STATUS.inactive })
      .where('id', '=', member.id)
      .execute();
    await notifyAndSettle(
      notification(member, { fallbackMail: { to: member.email, subject: 'Aviso', text: 'Entra a Cita.' } }),
    );
    expect(receivedBy(devices[0]!)).toHaveLength(0);
    expect(await mailsTo(testApp.config.dataDir, member.email)).toHaveLength(0);
  });

  it('does not deliver to a device that changed hands after the notification was queued', async () => {
    const { member, devices } = await memberWithDevices(1);
    const device = (await deviceRow(devices[0]!))!;
    const other = await loggedInClient(testApp);
    await other.agent.post('client/push/subscribe', { subscription: devices[0]!.subscription });
    // Her copy, fanned out before the device moved, runs after.
    const delivery: PushDelivery = {
      subscriptionId: device.id,
      clientId: member.id,
      payload: {
        title: 'Para ella',
        body: 'No para quien tiene ahora el teléfono',
        url: '/',
        tag: 't',
        kind: 'messages',
      },
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    await enqueue(testApp.app.db, { kind: PUSH_DELIVERY_JOB, payload: delivery });
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    expect(receivedBy(devices[0]!)).toHaveLength(0);
  });

  it('refuses, when it is queued, a notification too long for a push service', async () => {
    const { member } = await memberWithDevices(0);
    await expect(
      notifyMember(testApp.app.db, 'prueba:larga', notification(member, { body: 'a'.repeat(5000) })),
    ).rejects.toThrow(/push payload/);
  });
});

describe('her data', () => {
  it('exports her devices (the push service’s host and dates only) and her preferences', async () => {
    const { member, devices } = await memberWithDevices(1);
    await member.agent.post('client/push/preferences/update', { preferences: { event_reminder: false } });
    const response = await member.agent.post<{ data: Record<string, unknown> }>('client/data/export');
    expect(response.statusCode).toBe(200);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(devices[0]!.path);
    expect(text).not.toContain(devices[0]!.subscription.keys.auth);
    expect(response.body.data).toMatchObject({
      push_devices: [{ push_service: '127.0.0.1', subscribed_at: expect.any(String) }],
      push_preferences: { event_reminder: false, messages: true },
    });
  });
});
