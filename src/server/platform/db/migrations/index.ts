import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as loginThrottle from './0002-login-throttle';
import * as scoringChanges from './0006-scoring-changes';
import * as jobs from './0010-jobs';
import * as images from './0011-images';
import * as backOfficeSearch from './0012-back-office-search';
import * as trust from './0016-trust';
import * as photos from './0017-photos';
import * as nightOut from './0018-night-out';
import * as matchCards from './0019-match-cards';
import * as eventSearch from './0020-event-search';
import * as payments from './0021-payments';
import * as fairWaitingListAndStoredFigures from './0022-fair-waiting-list-and-stored-figures';
import * as clientForeignKeys from './0023-client-foreign-keys';
import * as manualPaymentsAndCustomers from './0024-manual-payments-and-customers';
import * as messages from './0025-messages';
import * as push from './0026-push';
import * as livePresence from './0027-live-presence';
import * as contactConsent from './0028-contact-consent';
import * as doorCodes from './0029-door-codes';
import * as backups from './0030-backups';
import * as promoCodes from './0033-promo-codes';
import * as messagesRatings from './0034-messages-ratings';
import * as invitations from './0035-invitations';
import * as interestSearchText from './0036-interest-search-text';
import * as promoCodeSwitch from './0037-promo-code-switch';
import * as verification from './0038-verification';
import * as invoices from './0039-invoices';

/** Every migration, in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-login-throttle': loginThrottle,
  '0006-scoring-changes': scoringChanges,
  '0010-jobs': jobs,
  '0011-images': images,
  '0012-back-office-search': backOfficeSearch,
  '0016-trust': trust,
  '0017-photos': photos,
  '0018-night-out': nightOut,
  '0019-match-cards': matchCards,
  '0020-event-search': eventSearch,
  '0021-payments': payments,
  '0022-fair-waiting-list-and-stored-figures': fairWaitingListAndStoredFigures,
  '0023-client-foreign-keys': clientForeignKeys,
  '0024-manual-payments-and-customers': manualPaymentsAndCustomers,
  '0025-messages': messages,
  '0026-push': push,
  '0027-live-presence': livePresence,
  '0028-contact-consent': contactConsent,
  '0029-door-codes': doorCodes,
  '0030-backups': backups,
  '0033-promo-codes': promoCodes,
  '0034-messages-ratings': messagesRatings,
  '0035-invitations': invitations,
  '0036-interest-search-text': interestSearchText,
  '0037-promo-code-switch': promoCodeSwitch,
  '0038-verification': verification,
  '0039-invoices': invoices,
};
