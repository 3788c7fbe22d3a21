import type { FastifyInstance } from 'fastify';
import {
  contactShareAnswer,
  contactShareBody,
  conversationsGetAnswer,
  conversationsGetBody,
  messagesGetAnswer,
  messagesGetBody,
  messagesReadAnswer,
  messagesReadBody,
  messagesReportBody,
  messagesSendAnswer,
  messagesSendBody,
} from '../../shared/contracts/messages';
import { reportAnswer } from '../../shared/contracts/trust';
import { requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { conversationFor, listConversations, unreadTotal } from './conversations/conversation-view';
import { shareContact } from './conversations/share-contact';
import { publishConversationChanged, publishNotice } from './live/publish-notice';
import { registerAwayMailJob } from './messages/away-mail';
import { getMessages } from './messages/get-messages';
import { readMessages } from './messages/read-messages';
import { reportMessage } from './messages/report-message';
import { sendMessage } from './messages/send-message';

/** A member's Mensajes calls (docs/design/20-mensajes.md); live notices go out after each commit. */
export async function registerMessageRoutes(app: FastifyInstance): Promise<void> {
  registerAwayMailJob(app);
  const api = zodApp(app, requireClient);

  api.post(
    '/client/conversations/get',
    callOptions(conversationsGetBody, conversationsGetAnswer),
    async (request) => {
      const page = await listConversations(app.db, request.clientId, request.body?.before);
      return ok('Tus mensajes', { ...page, unread_total: await unreadTotal(app.db, request.clientId) });
    },
  );

  api.post('/client/messages/get', callOptions(messagesGetBody, messagesGetAnswer), async (request) => {
    const page = await getMessages(app.db, request.clientId, request.body);
    const conversation = await conversationFor(app.db, request.clientId, request.body.conversation_id);
    return ok('Mensajes', { conversation, ...page });
  });

  api.post('/client/messages/send', callOptions(messagesSendBody, messagesSendAnswer), async (request) => {
    const sent = await sendMessage(app, request.clientId, request.body);
    publishNotice(app, {
      type: 'message',
      to: sent.notify,
      conversation_id: sent.message.conversation_id,
      message_id: sent.message.id,
    });
    return ok('Mensaje enviado', { sent: sent.message });
  });

  api.post('/client/messages/read', callOptions(messagesReadBody, messagesReadAnswer), async (request) => {
    const mark = await readMessages(app.db, request.clientId, request.body);
    if (mark.changed) {
      publishNotice(app, {
        type: 'read',
        to: [mark.readerId, mark.otherId],
        conversation_id: mark.conversationId,
        reader_id: mark.readerId,
        up_to_id: mark.upToId,
        read_at: mark.readAt,
      });
    }
    return ok('Leído', { unread_total: mark.unreadTotal });
  });

  api.post('/client/messages/report', callOptions(messagesReportBody, reportAnswer), async (request) => {
    const reportId = await reportMessage(app.db, request.clientId, request.body);
    return ok('Gracias por avisarnos: un administrador revisará el mensaje', { report_id: reportId });
  });

  api.post('/client/whatsapp/share', callOptions(contactShareBody, contactShareAnswer), async (request) => {
    const { conversation_id: conversationId } = request.body;
    const otherId = await shareContact(app, request.clientId, conversationId);
    publishConversationChanged(app, conversationId, [request.clientId, otherId]);
    const conversation = await conversationFor(app.db, request.clientId, conversationId);
    return ok(
      conversation.contact_shared
        ? 'Listo: ya pueden ver el contacto del otro'
        : 'Listo: verás su contacto cuando también comparta el suyo',
      { conversation },
    );
  });
}
