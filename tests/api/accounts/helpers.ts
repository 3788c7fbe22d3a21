import { format } from 'date-fns';
import { rememberPersonalValue } from '../../support/personal-values';
import type { TestApp } from '../../support/test-app';

export { loggedInClient, quizAnswers } from '../events/helpers';

/** A complete, valid profile/update body part. */
export function profileOf(values: Record<string, unknown> = {}) {
  const profile = {
    first_name: 'Lucía',
    last_name: 'Ramírez',
    gender: 1,
    birthday: '1991-07-15',
    phone: '5598765432',
    instagram: '@lucia.r',
    occupation: 'Arquitecta',
    ...values,
  };
  for (const field of ['first_name', 'last_name', 'phone'] as const) {
    if (typeof profile[field] === 'string') rememberPersonalValue(profile[field]);
  }
  return profile;
}

/** The birthday of someone who turns `years` today (local calendar; tests keep a day of margin). */
export function birthdayYearsAgo(years: number, extraDays = 0): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  day.setDate(day.getDate() + extraDays);
  return format(day, 'yyyy-MM-dd');
}

export async function scoringChanges(testApp: TestApp, clientId: number): Promise<number> {
  const rows = await testApp.app.db
    .selectFrom('scoring_changes')
    .select('id')
    .where('client_id', '=', clientId)
    .execute();
  return rows.length;
}

export async function clientRow(testApp: TestApp, clientId: number) {
  return testApp.app.db
    .selectFrom('clients')
    .selectAll()
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}
