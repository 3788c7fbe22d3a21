import type { ReportReason } from '../../../shared/contracts/trust';
import type { DB } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/errors';
import { createReport } from '../../trust/reports';

export const MESSAGE_NOT_FOUND = 'Este mensaje no existe';
export const OWN_MESSAGE = 'No puedes reportar tu propio mensaje';

/**
 * She reports a message she received (docs/design/20-mensajes.md): a report in the admins' queue about its
 * sender, carrying the message's text as evidence (admins never browse conversations). A blocked
 * conversation can still be reported from; a message held from her was never hers to see.
 */
export async function reportMessage(
  db: DB,
  reporterId: number,
  body: { message_id: number; reason: ReportReason; text?: string | undefined },
): Promise<number> {
  const message = await db
    .selectFrom('messages')
    .innerJoin('conversation_sides as side', 'side.conversation_id', 'messages.conversation_id')
    .select(['messages.sender_id', 'messages.text', 'messages.held'])
    .where('messages.id', '=', body.message_id)
    .where('side.client_id', '=', reporterId)
    .executeTakeFirst();
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (message.sender_id === reporterId) throw badRequest(OWN_MESSAGE);
  if (message.held === 1) throw notFound(MESSAGE_NOT_FOUND);
  return createReport(db, reporterId, {
    target_client_id: message.sender_id,
    reason: body.reason,
    text: body.text,
    message_text: message.text,
  });
}
