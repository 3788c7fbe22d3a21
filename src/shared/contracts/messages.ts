import { z } from 'zod';
import { idSchema, optionalIdSchema, safeString, shortText, successAnswer } from './common';
import { sharedContactSchema } from './interests';
import { REPORT_REASONS, REPORT_TEXT_MAX } from './trust';
import { verifiedMarkSchema } from './verification';

/**
 * Mensajes (docs/design/20-mensajes.md): a conversation per mutual pair, messages between the two, read
 * marks, reports, and the contact details both must agree to share (docs/design/26-contact.md). The live channel's frames are
 * at the end of this file.
 */

export const MESSAGE_TEXT_MAX = 2000;
/** A history page; the list pages by the same keyset. */
export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 30;

/** Control characters other than the newline and the tab a paste brings (built so no literal control char sits in the source). */
const CONTROL_CHARACTERS = new RegExp(
  `[${String.fromCharCode(0)}-${String.fromCharCode(8)}${String.fromCharCode(11)}-${String.fromCharCode(31)}${String.fromCharCode(127)}]`,
);

/**
 * 1–2 000 characters after trimming; control characters other than the newline and tab, a lone
 * surrogate and the bidirectional overrides are refused (400); the text is stored verbatim.
 */
export const messageTextSchema = safeString('Escribe un mensaje')
  .trim()
  .min(1, 'Escribe un mensaje')
  .max(MESSAGE_TEXT_MAX, `El mensaje puede tener hasta ${MESSAGE_TEXT_MAX} caracteres`)
  .refine((text) => !CONTROL_CHARACTERS.test(text), {
    error: 'El mensaje tiene caracteres que no se pueden enviar',
  });

/** Made by the sender's device once per message: a retried send stores one message. */
export const clientMessageIdSchema = z
  .string({ error: 'Falta el identificador del mensaje' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'El identificador del mensaje no es válido');

export const conversationsGetBody = z
  .object({
    client_id: optionalIdSchema,
    /** Keyset: the `cursor` of the last conversation of the previous page. */
    before: z.string().max(100).optional(),
  })
  .optional();
export type ConversationsGetBody = z.input<typeof conversationsGetBody>;

export const conversationPersonSchema = z.object({
  client_id: z.number(),
  /** 'First L.'; 'Esta persona ya no está en Cita' once erased. */
  name: z.string(),
  /** Main approved photo's small clear URL, or null. */
  photo: z.string().nullable(),
  age: z.number().nullable(),
  /** 1 mujer, 2 hombre (the badge's «Verificada» or «Verificado»); 0 once erased. */
  gender: z.number(),
  verified: verifiedMarkSchema,
});
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

export const lastMessageSchema = z.object({
  text: z.string(),
  sent_at: z.string(),
  from_me: z.boolean(),
});

export const conversationSchema = z.object({
  id: z.number(),
  other: conversationPersonSchema,
  last_message: lastMessageSchema.nullable(),
  /** Messages from the other person she has not read. */
  unread: z.number(),
  /** Nobody can send: the mutual interest ended, a block, a deactivation or an erasure. */
  closed: z.boolean(),
  /** The other person erased her account: the conversation is closed for good and says she left Cita. */
  erased: z.boolean(),
  /** The other's phone, Instagram and WhatsApp link: empty until both shared (docs/design/26-contact.md). */
  ...sharedContactSchema.shape,
  /** Both pressed "Compartir mi contacto" and the conversation is open. */
  contact_shared: z.boolean(),
  /** She pressed "Compartir mi contacto" (waiting for the other, or both). */
  shared_by_me: z.boolean(),
  /** The other pressed it while the conversation is open: she is one tap from seeing theirs. */
  shared_by_other: z.boolean(),
  /** Keyset position of this conversation in the list (pass as `before` for the next page). */
  cursor: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsGetAnswer = successAnswer({
  conversations: z.array(conversationSchema),
  unread_total: z.number(),
  /** Another page follows. */
  more: z.boolean(),
});
export type ConversationsGetAnswer = z.infer<typeof conversationsGetAnswer>;

export const messagesGetBody = z.object({
  client_id: optionalIdSchema,
  conversation_id: idSchema,
  /** Older than this message id (history pages, newest first). */
  before: idSchema.optional(),
  /** Newer than this message id (catching up after a reconnect, oldest first). */
  after: idSchema.optional(),
});
export type MessagesGetBody = z.input<typeof messagesGetBody>;

export const messageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  from_me: z.boolean(),
  /** Verbatim; phone numbers, e-mails and links masked ("número oculto") until the other replied. */
  text: z.string(),
  sent_at: z.string(),
  /** When the other person read it (her own messages), else null. */
  read_at: z.string().nullable(),
  client_message_id: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesGetAnswer = successAnswer({
  conversation: conversationSchema,
  /** Newest first with `before` or neither; oldest first with `after`. At most MESSAGES_PAGE_SIZE. */
  messages: z.array(messageSchema),
  more: z.boolean(),
});
export type MessagesGetAnswer = z.infer<typeof messagesGetAnswer>;

export const messagesSendBody = z.object({
  client_id: optionalIdSchema,
  conversation_id: idSchema,
  text: messageTextSchema,
  client_message_id: clientMessageIdSchema,
});
export type MessagesSendBody = z.input<typeof messagesSendBody>;

/** `sent`, not `message`: the envelope's `message` is the Spanish text of every answer. */
export const messagesSendAnswer = successAnswer({ sent: messageSchema });
export type MessagesSendAnswer = z.infer<typeof messagesSendAnswer>;

export const messagesReadBody = z.object({
  client_id: optionalIdSchema,
  conversation_id: idSchema,
  up_to_id: idSchema,
});
export type MessagesReadBody = z.input<typeof messagesReadBody>;

export const messagesReadAnswer = successAnswer({ unread_total: z.number() });

export const messagesReportBody = z.object({
  client_id: optionalIdSchema,
  message_id: idSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Elige un motivo del reporte' }),
  text: shortText('el comentario', REPORT_TEXT_MAX).optional(),
});
export type MessagesReportBody = z.input<typeof messagesReportBody>;

/** "Compartir mi contacto" (docs/design/26-contact.md); the call keeps its §20 name, client/whatsapp/share. */
export const contactShareBody = z.object({
  client_id: optionalIdSchema,
  conversation_id: idSchema,
});
export type ContactShareBody = z.input<typeof contactShareBody>;

export const contactShareAnswer = successAnswer({ conversation: conversationSchema });

/**
 * The live channel (docs/design/20-mensajes.md): a WebSocket at GET /api/live, authenticated by the member's
 * session cookie. The server sends one JSON frame per event, already seen from the receiver's side
 * (`from_me`, her unread total). The client sends nothing but pings; after a reconnect it fetches
 * what it missed with client/messages/get {after} and client/conversations/get.
 */
export const liveFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: messageSchema, unread_total: z.number() }),
  z.object({
    type: z.literal('read'),
    conversation_id: z.number(),
    /** Her messages up to this id were read by the other person (or by her on another device). */
    up_to_id: z.number(),
    read_at: z.string(),
    by_me: z.boolean(),
    unread_total: z.number(),
  }),
  z.object({ type: z.literal('conversation'), conversation_id: z.number() }),
  /** The server may have missed notices for her (its PostgreSQL listener reconnected): fetch by id, as after a reconnect. */
  z.object({ type: z.literal('catch_up') }),
]);
export type LiveFrame = z.infer<typeof liveFrameSchema>;
