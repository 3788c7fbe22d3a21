import { type APIRequestContext, request } from '@playwright/test';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { E2E_ADMIN } from '../e2e-env';

export const FRESH_PASSWORD = 'prueba-e2e-12345';

/** A new API context (own cookies) on the e2e server. */
export async function apiContext(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL });
}

/** Registers a fresh client through the API; the browser then logs in through /ingresar. */
export async function registerFreshClient(
  baseURL: string,
  firstName: string,
): Promise<{ id: number; email: string }> {
  const api = await apiContext(baseURL);
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e.mx`;
  const response = await api.post('/api/client/add', {
    data: {
      client: {
        first_name: firstName,
        last_name: 'Prueba',
        email,
        phone: '5512345678',
        birthday: '1992-04-10',
        gender: 1,
        occupation: 'Pruebas',
        password: FRESH_PASSWORD,
        privacy_consent: true,
      },
    },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${await response.text()}`);
  const { client_id } = (await response.json()) as { client_id: number };
  await api.dispose();
  return { id: client_id, email };
}

/** An API context logged in as the e2e admin. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await apiContext(baseURL);
  const response = await api.post('/api/admin/login', { data: { access: E2E_ADMIN } });
  if (!response.ok()) throw new Error(`admin login failed: ${await response.text()}`);
  return api;
}

/** Creates an event of this suite's own, so that signing up does not touch the demo events. */
export async function createEvent(
  baseURL: string,
  event: {
    name: string;
    status_id: 1 | 2 | 3;
    price_m: number;
    price_w: number;
    limit_w?: number;
    limit_m?: number;
    /** 'YYYY-MM-DD'; a past day makes a past event. */
    day?: string;
    /** 'HH:MM', Mexico City time. */
    hour?: string;
    venue?: string;
    address?: string;
    city?: string;
    duration_minutes?: number;
    age_min?: number;
    age_max?: number;
  },
): Promise<number> {
  const api = await adminApi(baseURL);
  const response = await api.post('/api/event/add', {
    data: {
      event: {
        day: '2031-05-20',
        hour: '19:30',
        description: 'Una noche para conocer gente nueva.\nIncluye una bebida.',
        limit_m: 20,
        limit_w: 20,
        ...event,
        category: 'networking,',
        occupation: 0,
      },
    },
  });
  if (!response.ok()) throw new Error(`event/add failed: ${await response.text()}`);
  const { event_id } = (await response.json()) as { event_id: number };
  await api.dispose();
  return event_id;
}

/**
 * An event of today that has not started, whatever the time of the run (an evening run found
 * 19:30 today already past): the door page treats it as today's, and sign-ups are still open
 * until the last minute of the day.
 */
export function laterToday(): { day: string; hour: string } {
  return { day: dayInMexicoCity(), hour: '23:59' };
}
