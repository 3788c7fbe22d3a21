import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, messageAnswer } from '../../shared/contracts/common';
import {
  adminEventMessageAnswer,
  adminEventMessageBody,
  adminEventMessagesAnswer,
  adminEventMessagesBody,
  adminEventRatingsAnswer,
  adminEventRatingsBody,
  adminEventReportAnswer,
  adminEventReportBody,
  adminRatingTrendAnswer,
  adminRatingTrendBody,
  clientNewsAnswer,
  clientNewsGetBody,
  clientNewsUpdateBody,
  clientRatingAddAnswer,
  clientRatingAddBody,
  clientRatingGetAnswer,
  clientRatingGetBody,
  type MessageSegment,
  newsUnsubscribeQuery,
} from '../../shared/contracts/organizer';
import { findAdminEvent } from '../events/admin-events';
import { currentAdminId, requireAdmin, requireClient } from '../platform/auth/guards';
import type { DB } from '../platform/db/database';
import { badRequest, notFound, unauthorized } from '../platform/errors';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { eventReport, eventReportCsv } from './event-report';
import { isUnsubscribeToken, setNews, wantsNews } from './news';
import { eventRatings, rateEvent, ratingFor, ratingTrend } from './ratings';
import {
  messageAudience,
  previewMail,
  registerOrganizerMessageJob,
  sendOrganizerMessage,
  sentMessages,
} from './send-message';

async function existingEvent(db: DB, eventId: number): Promise<number> {
  const event = await findAdminEvent(db, eventId);
  if (!event) throw notFound('El evento no existe');
  return event.id;
}

/** Organizers bring people back (docs/design/25-organizers.md): messages and news, ratings, a night's numbers. */
export async function registerOrganizerRoutes(app: FastifyInstance): Promise<void> {
  registerOrganizerMessageJob(app);
  await app.register(registerAdminRoutes);
  await app.register(registerClientRoutes);
  await app.register(registerUnsubscribeRoute);
  await app.register(registerReportCsvRoute);
}

async function registerAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post(
    '/admin/event/message',
    callOptions(adminEventMessageBody, adminEventMessageAnswer),
    async (request) => {
      const { event_id: eventId, segment, title, text, send } = request.body;
      const message = { eventId: eventId ?? null, segment, title, text };
      if (!send) {
        const { recipients, skipped } = await messageAudience(app.db, message);
        return ok(
          `El mensaje llegaría a ${recipients.length} ${recipients.length === 1 ? 'persona' : 'personas'}`,
          {
            recipients: recipients.length,
            skipped,
            sent: false,
            preview: await previewMail(app, message, recipients),
          },
        );
      }
      const { recipients, skipped } = await sendOrganizerMessage(app, request.adminId, message);
      return ok(`Mensaje enviado a ${recipients} ${recipients === 1 ? 'persona' : 'personas'}`, {
        recipients,
        skipped,
        sent: true,
        preview: null,
      });
    },
  );

  api.post(
    '/admin/event/messages',
    callOptions(adminEventMessagesBody, adminEventMessagesAnswer),
    async (request) => {
      const eventId = await existingEvent(app.db, request.body.event_id);
      const messages = await sentMessages(app.db, eventId);
      return ok('Mensajes enviados', {
        messages: messages.map((row) => ({ ...row, segment: row.segment as MessageSegment })),
      });
    },
  );

  api.post(
    '/admin/event/ratings',
    callOptions(adminEventRatingsBody, adminEventRatingsAnswer),
    async (request) => {
      const eventId = await existingEvent(app.db, request.body.event_id);
      return ok('Calificaciones de la noche', await eventRatings(app.db, eventId));
    },
  );

  api.post('/admin/ratings/trend', callOptions(adminRatingTrendBody, adminRatingTrendAnswer), async () =>
    ok('Calificaciones por lugar', { venues: await ratingTrend(app.db) }),
  );

  api.post(
    '/admin/event/report',
    callOptions(adminEventReportBody, adminEventReportAnswer),
    async (request) => {
      const eventId = await existingEvent(app.db, request.body.event_id);
      return ok('Números del evento', { report: await eventReport(app.db, eventId) });
    },
  );
}

async function registerClientRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/news/get', callOptions(clientNewsGetBody, clientNewsAnswer), async (request) =>
    ok('Tus novedades', { news: await wantsNews(app.db, request.clientId) }),
  );

  api.post('/client/news/update', callOptions(clientNewsUpdateBody, clientNewsAnswer), async (request) => {
    await setNews(app.db, request.clientId, request.body.news);
    return ok(
      request.body.news
        ? 'Listo: te escribiremos cuando haya eventos nuevos'
        : 'Ya no recibirás novedades de eventos',
      { news: request.body.news },
    );
  });

  api.post('/client/rating/get', callOptions(clientRatingGetBody, clientRatingGetAnswer), async (request) =>
    ok('Tu calificación', await ratingFor(app.db, request.clientId, request.body.event_id)),
  );

  api.post('/client/rating/add', callOptions(clientRatingAddBody, clientRatingAddAnswer), async (request) => {
    await rateEvent(app.db, request.clientId, request.body);
    return ok('¡Gracias! Tu calificación solo la ven los organizadores', {
      event_id: request.body.event_id,
      stars: request.body.stars,
    });
  });
}

/**
 * One-click unsubscribe (RFC 8058): the mail provider POSTs `List-Unsubscribe=One-Click` as a
 * form, without a session; the signed token in the link is the proof. The page of the body's
 * link posts here too. A GET changes nothing: link scanners open every link of a mail.
 */
async function registerUnsubscribeRoute(app: FastifyInstance): Promise<void> {
  // Whatever form the provider posts (urlencoded or multipart), the link alone decides.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  zodApp(app).post(
    '/news/unsubscribe',
    { schema: { querystring: newsUnsubscribeQuery, response: { 200: messageAnswer } } },
    async (request) => {
      const { c: clientId, t: token } = request.query;
      if (!(await isUnsubscribeToken(app.db, clientId, token)))
        throw badRequest('El enlace para darte de baja no es válido');
      await setNews(app.db, clientId, false);
      return ok('Listo: ya no recibirás novedades de eventos');
    },
  );
}

/** The night's numbers as CSV, declared in OpenAPI like the attendance list. */
async function registerReportCsvRoute(app: FastifyInstance): Promise<void> {
  zodApp(app).get(
    '/event/report.csv',
    {
      schema: {
        querystring: z.object({ event_id: z.coerce.number().pipe(idSchema) }),
        // Documentation only: a text/csv string is sent as it is, never through the JSON serializer.
        produces: ['text/csv'],
        response: { 200: z.string().describe('Números del evento en CSV (UTF-8)') },
      },
    },
    async (request, reply) => {
      if ((await currentAdminId(request)) === null) {
        throw unauthorized('Inicia sesión como administrador para continuar');
      }
      const eventId = await existingEvent(app.db, request.query.event_id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="numeros-evento-${eventId}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(eventReportCsv(await eventReport(app.db, eventId)));
    },
  );
}
