import { DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import type { InterestedGetResponse } from '../../../src/shared/contracts/interests';
import { apiContext } from '../events-quiz/helpers';

/**
 * Withdraws, through the real calls, any interest each of these demo clients has in the others,
 * so a test that builds a mutual pair starts from nothing even when it is retried.
 */
export async function withdrawInterestsBetween(baseURL: string, emails: string[]): Promise<void> {
  const sessions = [];
  for (const email of emails) {
    const api = await apiContext(baseURL);
    const login = await api.post('/api/client/login', {
      data: { access: { email, password: DEMO_CLIENT_PASSWORD } },
    });
    if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
    const { client_id } = (await login.json()) as { client_id: number };
    sessions.push({ api, clientId: client_id });
  }
  const ids = new Set(sessions.map((session) => session.clientId));
  for (const { api } of sessions) {
    const lists = (await (
      await api.post('/api/client/interested/get', { data: {} })
    ).json()) as InterestedGetResponse;
    for (const entry of [...lists.interested, ...lists.mutual]) {
      if (!ids.has(entry.client_id)) continue;
      await api.post('/api/client/interested/update', { data: { interes: { id: entry.id, status_id: 0 } } });
    }
    await api.dispose();
  }
}
