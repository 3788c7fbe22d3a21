import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  adminCodeAnswer,
  adminCodesAddBody,
  adminCodesGetAnswer,
  adminCodesGetBody,
  adminCodesUpdateBody,
  clientCodeCheckAnswer,
  clientCodeCheckBody,
} from '../../../shared/contracts/promo-codes';
import { requireAdmin, requireClient } from '../../platform/auth/guards';
import type { Database } from '../../platform/db/schema';
import { callOptions, ok, zodApp } from '../../platform/http/envelope';
import { addCode, listCodes, updateCode } from './admin-codes';
import { type CodeRequest, checkTypedCode, detachCodeUses, releaseCodeUses } from './promo-code-rules';

type Trx = Transaction<Database>;

/** What codes hear of places: a cancelled or removed place frees the use it held. */
export interface CodeUseListener {
  placeCancelled(trx: Trx, cancelled: { assistanceId: number }): Promise<void>;
  placesRemoved(trx: Trx, assistanceIds: number[]): Promise<void>;
}

/**
 * What codes need from the places they price, given by whoever registers them (events/routes.ts),
 * so that codes import nothing from attendance: attendance prices places with codes' rules.
 */
export interface CodeRouteOptions {
  subscribe(listener: CodeUseListener): void;
  /** Her gender and her price before any code for this event. */
  codeRequest(app: FastifyInstance, clientId: number, eventId: number): Promise<CodeRequest>;
}

/**
 * Promo codes (docs/design/25-organizers.md): the back office's "Códigos" and the member's check before paying.
 * A place cancelled or removed frees the use it held, heard through the place hooks.
 */
export async function registerCodeRoutes(
  app: FastifyInstance,
  { subscribe, codeRequest }: CodeRouteOptions,
): Promise<void> {
  subscribe({
    placeCancelled: (trx, { assistanceId }) => releaseCodeUses(trx, [assistanceId]),
    placesRemoved: async (trx, assistanceIds) => {
      await releaseCodeUses(trx, assistanceIds);
      await detachCodeUses(trx, assistanceIds);
    },
  });

  await app.register(async (scope) => {
    const member = zodApp(scope, requireClient);
    member.post(
      '/client/code/check',
      callOptions(clientCodeCheckBody, clientCodeCheckAnswer),
      async (request) => {
        const { event_id: eventId, code } = request.body;
        const asked = await codeRequest(app, request.clientId, eventId);
        const applied = await checkTypedCode(app.db, code, asked);
        const price = applied.listPriceCents - applied.discountCents;
        return ok('El código es válido para este evento', {
          code: applied.code,
          list_price_cents: applied.listPriceCents,
          discount_cents: applied.discountCents,
          price_cents: price,
          gender: asked.gender,
        });
      },
    );
  });

  await app.register(async (scope) => {
    const admin = zodApp(scope, requireAdmin);
    admin.post('/admin/codes/get', callOptions(adminCodesGetBody, adminCodesGetAnswer), async () => {
      return ok('Códigos', { codes: await listCodes(app.db) });
    });
    admin.post('/admin/codes/add', callOptions(adminCodesAddBody, adminCodeAnswer), async (request) => {
      const { admin_id: _ignored, ...fields } = request.body;
      return ok('Código creado', { code: await addCode(app.db, request.adminId, fields) });
    });
    admin.post('/admin/codes/update', callOptions(adminCodesUpdateBody, adminCodeAnswer), async (request) => {
      const { admin_id: _ignored, id, ...fields } = request.body;
      return ok('Código guardado', { code: await updateCode(app.db, request.adminId, id, fields) });
    });
  });
}
