import { describe, expect, it } from 'vitest';
import type {
  AdminVerificationsGetAnswer,
  VerificationGetAnswer,
} from '../../../src/shared/contracts/verification';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { auditActions, insertAdvert, insertClient, signUp } from '../../support/admin-fixtures';
import { insertPhoto } from '../../support/photo-fixtures';
import { waitForQueueIdle } from '../../support/queue';
import { blankSelfie, faceSelfie } from '../../support/selfie-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { runningEvent } from '../match-cards/helpers';
import { startChallenge } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

const thisMonth = () => dayInMexicoCity().slice(0, 7);

/** A member with an approved photo and a published advert, logged in. */
async function memberWithPhoto(gender = 1) {
  const member = await loggedInClient(testApp, { gender });
  const photo = await insertPhoto(testApp.app, member.id);
  const advertId = await insertAdvert(testApp.app, member.id, { description: 'Me gusta caminar' });
  return { ...member, photoId: photo.id, advertId };
}

async function verificationOf(agent: Awaited<ReturnType<typeof memberWithPhoto>>['agent']) {
  return (await agent.post<VerificationGetAnswer>('client/verification/get')).body;
}

async function advertMark(advertId: number) {
  const { body } = await admin.post('adverts/get', { limit: 50 });
  return body.adverts.find((advert: { id: number }) => advert.id === advertId)?.verified;
}

/** Sends two selfies for a fresh challenge and waits for the engine. */
async function sendSelfies(
  agent: Awaited<ReturnType<typeof memberWithPhoto>>['agent'],
  images?: [string, string],
) {
  const challenge = await startChallenge(agent);
  const response = await agent.post('client/verification/add', {
    challenge_id: challenge.challenge_id,
    images: images ?? [await faceSelfie(), await faceSelfie()],
  });
  await waitForQueueIdle(testApp.app.db);
  return { challenge, response };
}

async function queued(clientId: number) {
  const { body } = await admin.post<AdminVerificationsGetAnswer>('admin/verifications/get');
  return body.verifications.filter((entry) => entry.client_id === clientId);
}

async function selfieRows(clientId: number) {
  const rows = await testApp.app.db
    .selectFrom('verification_selfies')
    .innerJoin('verifications', 'verifications.id', 'verification_selfies.verification_id')
    .select('verification_selfies.position')
    .where('verifications.client_id', '=', clientId)
    .execute();
  return rows.length;
}

describe('at the door', () => {
  it('«Coincide» after her check-in gives the dated «Verificada en persona» everywhere she is shown', async () => {
    const ana = await memberWithPhoto();
    const nightId = await runningEvent(testApp.app, [ana.id]);
    const response = await admin.post('admin/event/face-match', {
      event_id: nightId,
      client_id: ana.id,
      match: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.verified).toEqual({ in_person: thisMonth(), photo: false });
    expect(await advertMark(ana.advertId)).toEqual({ in_person: thisMonth(), photo: false });
    const own = await verificationOf(ana.agent);
    expect(own.in_person).toEqual({ month: thisMonth(), event: 'Speed dating de prueba' });
    const again = await admin.post('admin/event/face-match', {
      event_id: nightId,
      client_id: ana.id,
      match: true,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a member who has not checked in at that event', async () => {
    const ana = await memberWithPhoto();
    const nightId = await runningEvent(testApp.app, []);
    const response = await admin.post('admin/event/face-match', {
      event_id: nightId,
      client_id: ana.id,
      match: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body.message).toBe('Esta persona no ha registrado su llegada a este evento');
  });

  it('«No coincide» shows her nothing and puts her in the moderators’ queue with the event', async () => {
    const bea = await memberWithPhoto();
    const nightId = await runningEvent(testApp.app, [bea.id]);
    const response = await admin.post('admin/event/face-match', {
      event_id: nightId,
      client_id: bea.id,
      match: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.verified).toEqual({ in_person: null, photo: false });
    const own = await verificationOf(bea.agent);
    expect(own.in_person).toBeNull();
    expect(own.photo.status).toBe('none');
    const [entry] = await queued(bea.id);
    expect(entry).toMatchObject({ source: 'door', event: { id: nightId, name: 'Speed dating de prueba' } });
    expect(entry?.photos.map((photo) => photo.id)).toEqual([bea.photoId]);
  });

  it('the check-in answer carries her main photo, large, and her marks; «Sin foto» is a null photo', async () => {
    const withPhoto = await memberWithPhoto();
    const withoutPhoto = await insertClient(testApp.app);
    const nightId = await runningEvent(testApp.app, []);
    const tickets: string[] = [];
    for (const clientId of [withPhoto.id, withoutPhoto.id]) {
      const ticket = `boleto-de-prueba-${clientId}`;
      const assistanceId = await signUp(testApp.app, nightId, clientId);
      await testApp.app.db
        .updateTable('assistance')
        .set({ status_id: 2, ticket })
        .where('id', '=', assistanceId)
        .execute();
      tickets.push(ticket);
    }
    const first = await admin.post('event/update', { checkin: { event_id: nightId, code: tickets[0] } });
    expect(first.statusCode).toBe(200);
    expect(first.body.photo.url).toMatch(/^\/images\/\d+\/[0-9a-f]{16}\/\d+\.webp$/);
    expect(first.body.verified).toEqual({ in_person: null, photo: false });
    const second = await admin.post('event/update', { checkin: { event_id: nightId, code: tickets[1] } });
    expect(second.body.photo).toBeNull();
  });
});

describe('«Foto verificada» by selfie', () => {
  it('needs her express consent and an approved photo', async () => {
    const ana = await memberWithPhoto();
    const refused = await ana.agent.post('client/verification/start', { consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toContain('consentimiento expreso');
    const noPhoto = await loggedInClient(testApp);
    const withoutPhoto = await noPhoto.agent.post('client/verification/start', { consent: true });
    expect(withoutPhoto.statusCode).toBe(409);
    expect(withoutPhoto.body.message).toBe('Necesitas al menos una foto aprobada para verificarla');
  });

  it('draws two different gestures valid 10 minutes, and at most 5 challenges a day', async () => {
    const ana = await memberWithPhoto();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const challenge = await startChallenge(ana.agent);
      expect(challenge.gestures[0]).not.toBe(challenge.gestures[1]);
      const minutes = (Date.parse(challenge.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
    }
    const sixth = await ana.agent.post('client/verification/start', { consent: true });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.message).toBe('Puedes intentar la verificación 5 veces al día: vuelve mañana');
  });

  it('issues exactly 5 challenges a day when her starts arrive at the same time', async () => {
    const ana = await memberWithPhoto();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => ana.agent.post('client/verification/start', { consent: true })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
    const { count } = await testApp.app.db
      .selectFrom('verification_challenges')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('client_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(5);
  });

  it('reads «mira hacia arriba» like every gesture: the stand-in sees it and the moderator gets it', async () => {
    const ana = await memberWithPhoto();
    const challenge = await startChallenge(ana.agent);
    // The server draws the gestures at random; this test needs look_up among them.
    await testApp.app.db
      .updateTable('verification_challenges')
      .set({ gestures: JSON.stringify(['look_up', 'turn_left']) })
      .where('id', '=', challenge.challenge_id)
      .execute();
    const response = await ana.agent.post('client/verification/add', {
      challenge_id: challenge.challenge_id,
      images: [await faceSelfie(), await faceSelfie()],
    });
    expect(response.statusCode).toBe(200);
    await waitForQueueIdle(testApp.app.db);
    expect((await verificationOf(ana.agent)).photo.status).toBe('pending');
    const [entry] = await queued(ana.id);
    expect(entry?.gestures).toEqual(['look_up', 'turn_left']);
    expect(entry?.scores?.selfies).toEqual([
      { faces: 1, gesture_seen: true },
      { faces: 1, gesture_seen: true },
    ]);
  });

  it('goes through the engine to the moderator, who approves marking her photo; the selfies go at the decision', async () => {
    const ana = await memberWithPhoto();
    const { challenge, response } = await sendSelfies(ana.agent);
    expect(response.statusCode).toBe(200);
    expect(response.body.photo).toMatchObject({ status: 'pending', checking: true });
    expect((await verificationOf(ana.agent)).photo).toMatchObject({ status: 'pending', checking: false });

    const [entry] = await queued(ana.id);
    expect(entry).toMatchObject({ source: 'selfie', gestures: challenge.gestures, event: null });
    expect(entry?.selfies).toHaveLength(2);
    expect(entry?.selfies[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(entry?.scores).toEqual({
      selfies: [
        { faces: 1, gesture_seen: true },
        { faces: 1, gesture_seen: true },
      ],
      same_person: 0.9,
      photos: [{ photo_id: ana.photoId, score: 0.9 }],
    });

    const noPhotos = await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 2 },
    });
    expect(noPhotos.statusCode).toBe(400);
    const other = await insertPhoto(testApp.app, (await insertClient(testApp.app)).id);
    const notHers = await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 2, photo_ids: [other.id] },
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.body.message).toBe('Sólo puedes marcar fotos aprobadas de esta persona');

    const approved = await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 2, photo_ids: [ana.photoId] },
    });
    expect(approved.statusCode).toBe(200);
    expect(await selfieRows(ana.id)).toBe(0);
    expect((await verificationOf(ana.agent)).photo).toMatchObject({
      status: 'verified',
      photo_ids: [ana.photoId],
    });
    expect(await advertMark(ana.advertId)).toEqual({ in_person: null, photo: true });
    expect(await auditActions(testApp.app, 'verification', entry!.id)).toEqual(['verification.approve']);

    const twice = await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 3, reason: 'No es ella' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('shows «Foto verificada» only while her main photo is one of the marked ones', async () => {
    const ana = await memberWithPhoto();
    const second = await insertPhoto(testApp.app, ana.id);
    await sendSelfies(ana.agent);
    const [entry] = await queued(ana.id);
    await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 2, photo_ids: [ana.photoId] },
    });
    expect((await advertMark(ana.advertId))?.photo).toBe(true);
    await ana.agent.post('client/photos/update', { photo: { id: second.id, position: 1 } });
    expect((await advertMark(ana.advertId))?.photo).toBe(false);
  });

  it('refuses at once, in Spanish, a photo without a face; she may try again', async () => {
    const ana = await memberWithPhoto();
    await sendSelfies(ana.agent, [await faceSelfie(), await blankSelfie()]);
    const { photo } = await verificationOf(ana.agent);
    expect(photo.status).toBe('rejected');
    expect(photo.reason).toBe(
      'No encontramos una cara en la segunda foto: busca buena luz y vuelve a intentarlo',
    );
    expect(await selfieRows(ana.id)).toBe(0);
    expect(await queued(ana.id)).toEqual([]);
    await sendSelfies(ana.agent);
    expect((await verificationOf(ana.agent)).photo.status).toBe('pending');
  });

  it('refuses a selfie sent before, by anyone, and a challenge used or expired', async () => {
    const ana = await memberWithPhoto();
    const bea = await memberWithPhoto();
    const used = await faceSelfie();
    await sendSelfies(ana.agent, [used, await faceSelfie()]);
    const challenge = await startChallenge(bea.agent);
    const reused = await bea.agent.post('client/verification/add', {
      challenge_id: challenge.challenge_id,
      images: [used, await faceSelfie()],
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.body.message).toBe('Esta foto ya se usó en otra verificación: tómate selfies nuevas');
    const again = await bea.agent.post('client/verification/add', {
      challenge_id: challenge.challenge_id,
      images: [await faceSelfie(), await faceSelfie()],
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('Este reto ya se usó: empieza de nuevo para recibir gestos nuevos');

    const late = await startChallenge(bea.agent);
    await testApp.app.db
      .updateTable('verification_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.challenge_id)
      .execute();
    const expired = await bea.agent.post('client/verification/add', {
      challenge_id: late.challenge_id,
      images: [await faceSelfie(), await faceSelfie()],
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.body.message).toContain('Pasaron más de 10 minutos');

    const notAnImage = await bea.agent.post('client/verification/add', {
      challenge_id: late.challenge_id,
      images: ['data:image/png;base64,AAAA', await faceSelfie()],
    });
    expect(notAnImage.statusCode).toBe(400);
    expect((await verificationOf(bea.agent)).photo.status).toBe('none');
  });

  it('a moderator’s rejection tells her the reason', async () => {
    const ana = await memberWithPhoto();
    await sendSelfies(ana.agent);
    const [entry] = await queued(ana.id);
    const noReason = await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 3 },
    });
    expect(noReason.statusCode).toBe(400);
    await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 3, reason: 'La selfie no muestra a la persona de tus fotos' },
    });
    expect((await verificationOf(ana.agent)).photo).toMatchObject({
      status: 'rejected',
      reason: 'La selfie no muestra a la persona de tus fotos',
    });
    expect(await selfieRows(ana.id)).toBe(0);
  });

  it('selfies nobody decided are deleted after 30 days, and she may try again', async () => {
    const ana = await memberWithPhoto();
    await sendSelfies(ana.agent);
    await testApp.app.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'verification.expire')
      .where('state', '=', 'pending')
      .execute();
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    expect(await selfieRows(ana.id)).toBe(0);
    expect((await verificationOf(ana.agent)).photo.status).toBe('rejected');
    expect(await queued(ana.id)).toEqual([]);
  });

  it('withdrawal deletes her selfies and the photo badge at once; the in-person mark stays', async () => {
    const ana = await memberWithPhoto();
    const nightId = await runningEvent(testApp.app, [ana.id]);
    await admin.post('admin/event/face-match', { event_id: nightId, client_id: ana.id, match: true });
    await sendSelfies(ana.agent);
    const [entry] = await queued(ana.id);
    await admin.post('admin/verification/update', {
      verification: { id: entry!.id, status_id: 2, photo_ids: [ana.photoId] },
    });
    const withdrawn = await ana.agent.post('client/verification/delete');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body.photo.status).toBe('none');
    expect(await advertMark(ana.advertId)).toEqual({ in_person: thisMonth(), photo: false });
    const left = await testApp.app.db
      .selectFrom('verifications')
      .select('id')
      .where('client_id', '=', ana.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a door report confirmed by a moderator takes her «Foto verificada» away', async () => {
    const ana = await memberWithPhoto();
    await sendSelfies(ana.agent);
    const [selfie] = await queued(ana.id);
    await admin.post('admin/verification/update', {
      verification: { id: selfie!.id, status_id: 2, photo_ids: [ana.photoId] },
    });
    const nightId = await runningEvent(testApp.app, [ana.id]);
    await admin.post('admin/event/face-match', { event_id: nightId, client_id: ana.id, match: false });
    const [door] = await queued(ana.id);
    await admin.post('admin/verification/update', {
      verification: { id: door!.id, status_id: 3, reason: 'No es la persona de las fotos' },
    });
    expect(await advertMark(ana.advertId)).toEqual({ in_person: null, photo: false });
  });
});

describe('what it gives members', () => {
  it('«Sólo verificadas» lists only members with either mark', async () => {
    const inPerson = await memberWithPhoto();
    const plain = await memberWithPhoto();
    const nightId = await runningEvent(testApp.app, [inPerson.id]);
    await admin.post('admin/event/face-match', { event_id: nightId, client_id: inPerson.id, match: true });
    const { body } = await plain.agent.post('adverts/get', { verified: true, limit: 50 });
    const ids = body.adverts.map((advert: { id: number }) => advert.id);
    expect(ids).toContain(inPerson.advertId);
    expect(ids).not.toContain(plain.advertId);
    expect(
      body.adverts.every(
        (advert: { verified: { in_person: string | null; photo: boolean } }) =>
          advert.verified.in_person !== null || advert.verified.photo,
      ),
    ).toBe(true);
  });

  it('«Sólo personas verificadas pueden mostrarme interés» refuses an unverified member in Spanish', async () => {
    const carla = await memberWithPhoto();
    const profile = (await carla.agent.post('client/profile')).body.profile;
    expect(profile.only_verified_interest).toBe(false);
    const saved = await carla.agent.post('client/profile/update', {
      profile: {
        first_name: profile.first_name,
        last_name: profile.last_name,
        gender: profile.gender,
        birthday: profile.birthday,
        only_verified_interest: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await carla.agent.post('client/profile')).body.profile.only_verified_interest).toBe(true);

    const unverified = await memberWithPhoto(2);
    const refused = await unverified.agent.post('client/interested/add', {
      interes: { client_id: unverified.id, interested_id: carla.advertId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toContain('sólo recibe interés de personas verificadas');

    const verified = await memberWithPhoto(2);
    const nightId = await runningEvent(testApp.app, [verified.id]);
    await admin.post('admin/event/face-match', { event_id: nightId, client_id: verified.id, match: true });
    const accepted = await verified.agent.post('client/interested/add', {
      interes: { client_id: verified.id, interested_id: carla.advertId },
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('her data', () => {
  it('the record is in her export, under Spanish section names', async () => {
    const ana = await memberWithPhoto();
    await sendSelfies(ana.agent);
    const { body } = await ana.agent.post('client/data/export');
    const data = JSON.stringify(body);
    expect(data).toContain('verificaciones de foto');
    expect(data).toContain('verificaciones en persona');
  });
});
