import { describe, expect, it } from 'vitest';
import type { MutualEntry } from '../../../src/shared/contracts/interests';
import { setUpTestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';
import { conversations, type Member, makeMutual, mutualPair } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });

async function mutualEntries(member: Member): Promise<MutualEntry[]> {
  const response = await member.agent.post<{ mutual: MutualEntry[] }>('client/interested/get', {});
  expect(response.statusCode).toBe(200);
  return response.body.mutual;
}

describe('"Mensaje" on a mutual pair (docs/design/13-trust.md, docs/design/20-mensajes.md)', () => {
  it('carries her own conversation with that person, never another pair’s', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const carla = await personWithAdvert(testApp, { first_name: 'Carla', last_name: 'Soto' });
    const anaCarla = await makeMutual(ana, carla);
    // A pair that is not hers, between two of her own matches.
    const betoCarla = await makeMutual(beto, carla);
    expect(new Set([conversationId, anaCarla, betoCarla]).size).toBe(3);

    const byPerson = (entries: MutualEntry[]) =>
      Object.fromEntries(entries.map((entry) => [entry.client_id, entry.conversation_id]));
    expect(byPerson(await mutualEntries(ana))).toEqual({ [beto.id]: conversationId, [carla.id]: anaCarla });
    expect(byPerson(await mutualEntries(beto))).toEqual({ [ana.id]: conversationId, [carla.id]: betoCarla });
    expect(byPerson(await mutualEntries(carla))).toEqual({ [ana.id]: anaCarla, [beto.id]: betoCarla });
    // Each id is one of the conversations her own list shows with that very person.
    const anaList = (await conversations(ana)).conversations;
    for (const entry of await mutualEntries(ana)) {
      expect(anaList.find((conversation) => conversation.id === entry.conversation_id)?.other.client_id).toBe(
        entry.client_id,
      );
    }
  });

  it('keeps /mensajes/con/{id} working: the server redirects to her conversation, and only hers', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const carla = await personWithAdvert(testApp, { first_name: 'Carla', last_name: 'Soto' });
    await makeMutual(beto, carla);

    const hers = await ana.agent.get(`/mensajes/con/${beto.id}`);
    expect(hers.statusCode).toBe(302);
    expect(hers.headers.location).toBe(`/mensajes/${conversationId}`);
    expect(hers.headers['cache-control']).toBe('no-store');
    // Carla and Beto talk, but Ana is not in that pair: her list, nothing more.
    for (const other of [carla.id, ana.id, 999_999_999, 'abc', '1e3']) {
      const refused = await ana.agent.get(`/mensajes/con/${other}`);
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe('/mensajes');
    }
    const visitor = await testApp.agent().get(`/mensajes/con/${beto.id}`);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/ingresar');
  });
});
