import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { revokeAllSessions } from '../platform/auth/sessions';
import { MAIL_JOB } from '../platform/mail/mail-jobs';
import type { PersonalDataDeclaration } from '../platform/personal-data';
import { deleteJobsNaming } from '../platform/queue/queue';
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, tombstoneEmail } from './account';
import { clearEmailAttempts } from './login-throttle';
import { RESET_LINK_JOB } from './password-reset';

/**
 * The account itself: profile, consent, reset links and sessions. Erasure keeps the row (status 3)
 * so that ids elsewhere keep their meaning, with nothing about the person left in it. Last in
 * the registry: the other domains' erasure may still read the row (the gender, for the waiting list).
 */
export const accountsPersonalData: PersonalDataDeclaration = {
  domain: 'accounts',
  tables: {
    clients: {
      id: { keep: 'the row stays as a status 3 tombstone so that ids kept elsewhere still mean an account' },
      first_name: 'scrub',
      last_name: 'scrub',
      email: 'scrub',
      phone: 'scrub',
      instagram: 'scrub',
      occupation: 'scrub',
      birthday: 'scrub',
      gender: 'scrub',
      search_text: 'scrub',
      password_hash: 'scrub',
    },
    password_resets: { client_id: 'delete' },
    sessions: {
      subject_id: {
        erasure: 'delete',
        withoutForeignKey: 'names a member or an admin, as its kind says, so it cannot point at one table',
      },
    },
  },

  async exportSections(db, clientId) {
    const { privacy_consent_version, privacy_consent_at, ...profile } = await db
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
    // Sessions, password hashes and throttle counters are security records, not data about the person.
    return {
      profile,
      consent: { privacy_notice_version: privacy_consent_version, accepted_at: privacy_consent_at },
    };
  },

  async erase(trx, clientId, { email, unusablePasswordHash }) {
    await trx
      .updateTable('clients')
      .set({
        first_name: ERASED_FIRST_NAME,
        last_name: ERASED_LAST_NAME,
        email: tombstoneEmail(clientId),
        phone: '',
        instagram: '',
        occupation: '',
        birthday: null,
        gender: 1,
        search_text: '',
        password_hash: unusablePasswordHash,
        status_id: CLIENT_STATUS.erased,
      })
      .where('id', '=', clientId)
      .execute();
    await trx.deleteFrom('password_resets').where('client_id', '=', clientId).execute();
    for (const area of ['client', 'forgot']) await clearEmailAttempts(trx, area, email);
    // The queue keeps every mail it sent, and a reset link waits as her address: neither stays.
    await deleteJobsNaming(trx, MAIL_JOB, 'to', email);
    await deleteJobsNaming(trx, RESET_LINK_JOB, 'email', email);
    await revokeAllSessions(trx, 'client', clientId);
  },
};
