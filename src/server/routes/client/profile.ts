import type { FastifyInstance } from 'fastify';
import { clientIdBody } from '../../../shared/contracts/auth';
import { notFound } from '../../errors';
import { requireClient } from '../../plugins/auth';
import { ageOnDay, todayInMexico } from '../../services/time';
import { ok, zodApp } from '../envelope';

export async function registerClientProfileRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post('/client/profile', { schema: { body: clientIdBody } }, async (request) => {
    const client = await app.db
      .selectFrom('clients')
      .leftJoin('adverts', 'adverts.client_id', 'clients.id')
      .select([
        'clients.id',
        'clients.first_name',
        'clients.last_name',
        'clients.gender',
        'clients.birthday',
        'clients.occupation',
        'clients.email',
        'clients.phone',
        'clients.instagram',
        'clients.status_id',
        'clients.date_creation',
        'adverts.id as advert_id',
        'adverts.status_id as advert_status',
        'adverts.description',
      ])
      .where('clients.id', '=', request.clientId)
      .executeTakeFirst();
    if (!client) throw notFound('No encontramos tu perfil');
    return ok('Perfil', {
      profile: { ...client, age: ageOnDay(client.birthday, todayInMexico()) },
    });
  });
}
