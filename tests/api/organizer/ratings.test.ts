import { describe, expect, it } from 'vitest';
import { askForRating, RATING_ASK_JOB, ratingAskAt } from '../../../src/server/events/attendance/rating-ask';
import { RATING_NOT_CHECKED_IN } from '../../../src/server/organizer/ratings';
import { insertClient, insertEvent } from '../../support/admin-fixtures';
import { pendingJobs, queuedPushes } from '../../support/push-jobs';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { placeAt, yesterday } from './helpers';

// The queue does not run: the test reads the planned question and its run time.
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true, env: { QUEUE_CONCURRENCY: '0' } });
const { admin } = testApp;

describe('¿Cómo estuvo la noche? (docs/design/25-organizers.md)', () => {
  it('is planned at her check-in for 12:00 Mexico City the next day, once', async () => {
    const eventId = await insertEvent(testApp.app, { day: '2030-03-14', hour: '21:00' });
    const member = await loggedInClient(testApp);
    const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', {
      event_id: eventId,
    });
    await admin.post('event/update', { assistance: { id: signed.body.assistance_id, status_id: 2 } });
    const { ticket } = await testApp.app.db
      .selectFrom('assistance')
      .select('ticket')
      .where('id', '=', signed.body.assistance_id)
      .executeTakeFirstOrThrow();
    expect(await pendingJobs(testApp.app.db, RATING_ASK_JOB)).toEqual([]);
    const arrived = await admin.post('event/update', { checkin: { event_id: eventId, code: ticket } });
    expect(arrived.statusCode).toBe(200);
    const asks = await pendingJobs(testApp.app.db, RATING_ASK_JOB);
    expect(asks).toHaveLength(1);
    // Mexico City is UTC−6: 12:00 there is 18:00 UTC on the 15th.
    expect(asks[0]?.run_at).toBe('2030-03-15T18:00:00.000Z');
    expect(ratingAskAt('2030-12-31').toISOString()).toBe('2031-01-01T18:00:00.000Z');
  });

  it('asks her by e-mail and push, linking to the rating page, once however often it runs', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Salsa en Roma', day: yesterday() });
    const member = await insertClient(testApp.app);
    const placeId = await placeAt(testApp.app, eventId, member.id, { status_id: 2, checked_in: true });
    await askForRating(testApp.app, { assistance_id: placeId });
    await askForRating(testApp.app, { assistance_id: placeId });
    expect(await queuedPushes(testApp.app.db, member.id)).toEqual([
      expect.objectContaining({ title: '¿Cómo estuvo la noche?', url: `/valorar/${eventId}` }),
    ]);
    const mails = await testApp.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'mail')
      .where('payload', 'like', `%${member.email}%`)
      .execute();
    expect(mails).toHaveLength(1);
    const mail = JSON.parse(mails[0]?.payload ?? '{}') as { subject: string; text: string };
    expect(mail.subject).toBe('¿Cómo estuvo la noche?');
    expect(mail.text).toContain(`«Salsa en Roma»`);
    expect(mail.text).toContain(`/valorar/${eventId}`);
  });
});

describe('client/rating/add', () => {
  it('takes 1–5 stars and a comment only from who came, once per night, and shows them to admins', async () => {
    const eventId = await insertEvent(testApp.app, { day: yesterday(), venue: 'Casa Lamm' });
    const came = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const absent = await loggedInClient(testApp);
    await placeAt(testApp.app, eventId, came.id, { status_id: 2, checked_in: true });
    await placeAt(testApp.app, eventId, other.id, { status_id: 2, checked_in: true });
    await placeAt(testApp.app, eventId, absent.id, { status_id: 2 });

    const refused = await absent.agent.post('client/rating/add', { event_id: eventId, stars: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(RATING_NOT_CHECKED_IN);
    const tooMany = await came.agent.post('client/rating/add', { event_id: eventId, stars: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.message).toContain('Elige de 1 a 5 estrellas');

    expect(
      (await came.agent.post('client/rating/add', { event_id: eventId, stars: 2, comment: 'Mucho ruido' }))
        .statusCode,
    ).toBe(200);
    // A second rating changes hers.
    expect(
      (
        await came.agent.post('client/rating/add', {
          event_id: eventId,
          stars: 4,
          comment: 'Muy buena música',
        })
      ).statusCode,
    ).toBe(200);
    expect((await other.agent.post('client/rating/add', { event_id: eventId, stars: 5 })).statusCode).toBe(
      200,
    );

    const ratings = await admin.post('admin/event/ratings', { event_id: eventId });
    expect(ratings.body).toMatchObject({
      average: 4.5,
      count: 2,
      comments: [{ stars: 4, comment: 'Muy buena música' }],
    });
    // Private to admins.
    expect((await came.agent.post('admin/event/ratings', { event_id: eventId })).statusCode).toBe(401);

    const trend = await admin.post<{ venues: { venue: string; nights: { average: number }[] }[] }>(
      'admin/ratings/trend',
      {},
    );
    expect(trend.body.venues.find((venue) => venue.venue === 'Casa Lamm')?.nights).toEqual([
      { day: yesterday(), average: 4.5, count: 2 },
    ]);

    const exported = await came.agent.post<{ data: any }>('client/data/export', {});
    expect(exported.body.data.event_ratings).toEqual([
      expect.objectContaining({ event_id: eventId, stars: 4, comment: 'Muy buena música' }),
    ]);
  });
});

describe('client/rating/get', () => {
  it('names the night, says whether she came, and gives back her own earlier rating only', async () => {
    const eventId = await insertEvent(testApp.app, {
      name: 'Cata en Coyoacán',
      day: yesterday(),
      hour: '20:00',
      venue: 'Casa Lamm',
    });
    const came = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const absent = await loggedInClient(testApp);
    await placeAt(testApp.app, eventId, came.id, { status_id: 2, checked_in: true });
    await placeAt(testApp.app, eventId, other.id, { status_id: 2, checked_in: true });
    await placeAt(testApp.app, eventId, absent.id, { status_id: 2 });
    const night = {
      id: eventId,
      name: 'Cata en Coyoacán',
      day: yesterday(),
      hour: '20:00',
      venue: 'Casa Lamm',
    };

    const before = await came.agent.post('client/rating/get', { event_id: eventId });
    expect(before.statusCode).toBe(200);
    expect(before.body).toMatchObject({ event: night, came: true, rating: null });
    await came.agent.post('client/rating/add', { event_id: eventId, stars: 3, comment: 'Buena música' });
    const after = await came.agent.post('client/rating/get', { event_id: eventId });
    expect(after.body).toMatchObject({ came: true, rating: { stars: 3, comment: 'Buena música' } });
    // Another guest sees none of hers; someone who did not come is told before she fills anything.
    expect((await other.agent.post('client/rating/get', { event_id: eventId })).body).toMatchObject({
      came: true,
      rating: null,
    });
    expect((await absent.agent.post('client/rating/get', { event_id: eventId })).body).toMatchObject({
      event: night,
      came: false,
      rating: null,
    });
    const missing = await came.agent.post('client/rating/get', { event_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('El evento no existe');
  });
});
