import type { PersonalDataDeclaration } from '../platform/personal-data';

/**
 * Verified (docs/design/27-verified.md): her in-person matches, her selfie challenges and
 * verifications (the selfies only until the decision), and the photos marked as hers. The export
 * holds her own requests and the door's «Coincide»; a door's «No coincide» is the club's
 * moderation note, like a report about her. Erasure removes all of it; the selfie digests name
 * nobody and stay, so that a selfie is never accepted twice (decision 0066).
 */
export const verificationPersonalData: PersonalDataDeclaration = {
  domain: 'verification',
  tables: {
    door_face_matches: { client_id: 'delete' },
    verification_challenges: { client_id: 'delete' },
    verifications: { client_id: 'delete' },
    verified_photos: { client_id: 'delete' },
  },

  async exportSections(db, clientId) {
    const [inPerson, verifications, photos] = await Promise.all([
      db
        .selectFrom('door_face_matches')
        .innerJoin('events', 'events.id', 'door_face_matches.event_id')
        .select(['door_face_matches.created_at', 'events.name as event'])
        .where('door_face_matches.client_id', '=', clientId)
        .where('door_face_matches.matched', '=', 1)
        .orderBy('door_face_matches.created_at')
        .execute(),
      db
        .selectFrom('verifications')
        .select(['id', 'status_id', 'gestures', 'scores', 'reason', 'created_at', 'decided_at'])
        .where('client_id', '=', clientId)
        .where('source', '=', 'selfie')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('verified_photos')
        .select(['verification_id', 'photo_id'])
        .where('client_id', '=', clientId)
        .execute(),
    ]);
    return {
      in_person_verifications: inPerson,
      photo_verifications: verifications.map((row) => ({
        id: row.id,
        status_id: row.status_id,
        gestures: row.gestures ? (JSON.parse(row.gestures) as unknown) : [],
        scores: row.scores ? (JSON.parse(row.scores) as unknown) : null,
        reason: row.reason,
        created_at: row.created_at,
        decided_at: row.decided_at,
        verified_photo_ids: photos
          .filter((photo) => photo.verification_id === row.id)
          .map((photo) => photo.photo_id),
      })),
    };
  },

  async erase(trx, clientId) {
    await trx.deleteFrom('verified_photos').where('client_id', '=', clientId).execute();
    const hers = trx.selectFrom('verifications').select('id').where('client_id', '=', clientId);
    await trx.deleteFrom('verification_selfies').where('verification_id', 'in', hers).execute();
    await trx.deleteFrom('verifications').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('verification_challenges').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('door_face_matches').where('client_id', '=', clientId).execute();
  },
};
