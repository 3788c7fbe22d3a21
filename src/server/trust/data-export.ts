import { listOwnPhotos } from '../photos/member-photos';
import type { DB } from '../platform/db/database';

/**
 * ARCO access (LFPDPPP, design.md §13): every personal datum the site holds about the caller, as
 * stored. One section per kind of data, so a new kind of data adds one section here. Sessions,
 * password hashes and throttle counters are security records, not data about the person.
 */
export async function exportClientData(db: DB, clientId: number, publicUrl: string) {
  const profile = await db
    .selectFrom('clients')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'birthday',
      'gender',
      'occupation',
      'instagram',
      'status_id',
      'date_creation',
      'privacy_consent_version',
      'privacy_consent_at',
    ])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const { privacy_consent_version, privacy_consent_at, ...personal } = profile;
  const advert = await db
    .selectFrom('adverts')
    .select(['id', 'status_id', 'description', 'description_update', 'status_update', 'updated_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const interests = await db
    .selectFrom('interests')
    .innerJoin('clients', 'clients.id', 'interests.target_client_id')
    .select([
      'interests.id',
      'interests.target_client_id',
      'clients.first_name',
      'interests.status_id',
      'interests.created_at',
    ])
    .where('interests.client_id', '=', clientId)
    .orderBy('interests.id')
    .execute();
  const interestedInYou = await db
    .selectFrom('interests')
    .select(['id', 'client_id', 'status_id', 'created_at'])
    .where('target_client_id', '=', clientId)
    .orderBy('id')
    .execute();
  const signUps = await db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .select([
      'assistance.event_id',
      'events.name as event_name',
      'events.day',
      'assistance.status_id',
      'assistance.created_at',
      'assistance.checked_in_at',
    ])
    .where('assistance.client_id', '=', clientId)
    .orderBy('assistance.id')
    .execute();
  const quiz = await db
    .selectFrom('quiz_answers')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const blocks = await db
    .selectFrom('blocks')
    .select(['target_client_id', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .execute();
  const photos = await listOwnPhotos(db, clientId);
  const reports = await db
    .selectFrom('reports')
    .select(['id', 'target_client_id', 'reason', 'text', 'status_id', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  return {
    exported_at: new Date().toISOString(),
    profile: personal,
    advert: advert ?? null,
    // The largest clear picture of each photo, as a full address the member can open while logged in.
    photos: photos.map(({ id, status_id, position, reason, url }) => ({
      id,
      status_id,
      position,
      reason,
      url: `${publicUrl}${url}`,
    })),
    interests,
    interested_in_you: interestedInYou,
    event_sign_ups: signUps,
    quiz_answers: quiz ?? null,
    // Picks at events are not stored by the site yet (design.md §12).
    picks: [] as unknown[],
    blocks,
    reports_made: reports,
    consent: { privacy_notice_version: privacy_consent_version, accepted_at: privacy_consent_at },
    privacy_notice: `${publicUrl}/aviso-privacidad`,
  };
}
