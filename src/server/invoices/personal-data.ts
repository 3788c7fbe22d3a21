import type { PersonalDataDeclaration } from '../platform/personal-data';

/**
 * Why her invoices stay after she leaves, as her export says it: a CFDI is part of the accounting
 * the SAT may ask for during five years (Código Fiscal de la Federación, art. 30).
 */
export const INVOICES_RETENTION_NOTE =
  'Conservamos cada comprobante fiscal emitido por tus pagos (recibo, factura y, si hubo, nota de crédito o cancelación, con el RFC, nombre, régimen y código postal que escribiste) durante cinco años, el plazo en que el SAT puede pedirnos la contabilidad y sus comprobantes; el CFDI timbrado también queda en el SAT y en el PAC. Si eliminas tu cuenta, tus datos fiscales guardados para la próxima vez se borran, y los comprobantes se conservan ese tiempo.';

/**
 * The member's fiscal profile (deleted with her account) and the fiscal documents issued for her
 * payments (kept five years, SAT: a CFDI cannot be unissued, docs/design/28-facturas.md).
 */
export const invoicesPersonalData: PersonalDataDeclaration = {
  domain: 'invoices',
  tables: {
    fiscal_profiles: { client_id: 'delete' },
    invoice_documents: {
      client_id: {
        keep: 'SAT: issued CFDIs are kept five years, and the receiver written on her invoice is part of them (docs/design/28-facturas.md)',
      },
    },
  },

  async exportSections(db, clientId) {
    const profile = await db
      .selectFrom('fiscal_profiles')
      .select(['rfc', 'name', 'regime', 'zip', 'use', 'email', 'updated_at'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    const invoices = await db
      .selectFrom('invoice_documents')
      .select([
        'id',
        'kind',
        'state',
        'event_id',
        'description',
        'total_cents',
        'uuid',
        'receiver',
        'issued_at',
      ])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    return {
      fiscal_profile: profile ?? null,
      invoices: invoices.map(({ receiver, ...document }) => ({
        ...document,
        receiver: receiver ? (JSON.parse(receiver) as unknown) : null,
      })),
      invoices_retention: INVOICES_RETENTION_NOTE,
    };
  },

  async erase(trx, clientId) {
    await trx.deleteFrom('fiscal_profiles').where('client_id', '=', clientId).execute();
  },
};
