import { accountsPersonalData } from './accounts/personal-data';
import { backOfficePersonalData } from './back-office/personal-data';
import { matchingPersonalData } from './compatibility/personal-data';
import { eventsPersonalData } from './events/personal-data';
import { invitesPersonalData } from './invites/personal-data';
import { invoicesPersonalData } from './invoices/personal-data';
import { matchCardsPersonalData } from './match-cards/personal-data';
import { matchesPersonalData } from './matches/personal-data';
import { notificationsPersonalData } from './notifications/personal-data';
import { organizerPersonalData } from './organizer/personal-data';
import { paymentsPersonalData } from './payments/personal-data';
import { peoplePersonalData } from './people/personal-data';
import { photosPersonalData } from './photos/personal-data';
import type { PersonalDataRegistry } from './platform/personal-data';
import { trustPersonalData } from './trust/personal-data';
import { verificationPersonalData } from './verification/personal-data';

/**
 * Every domain that stores a member's data (docs/design/18-personal-data.md), in erasure order: accounts last,
 * because the others may still read the member's row (events read the gender to fill places).
 * A new domain adds its declaration here; tests/api/platform/personal-data-coverage.test.ts fails
 * while a column with a foreign key to clients.id is declared by none, and
 * tests/api/platform/erasure-proved.test.ts while anything still names an erased member.
 */
export const PERSONAL_DATA: PersonalDataRegistry = [
  peoplePersonalData,
  verificationPersonalData,
  photosPersonalData,
  invoicesPersonalData,
  paymentsPersonalData,
  eventsPersonalData,
  invitesPersonalData,
  matchCardsPersonalData,
  matchesPersonalData,
  matchingPersonalData,
  notificationsPersonalData,
  organizerPersonalData,
  trustPersonalData,
  backOfficePersonalData,
  accountsPersonalData,
];
