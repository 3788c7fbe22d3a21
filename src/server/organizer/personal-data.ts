import type { PersonalDataDeclaration } from '../platform/personal-data';

/** Her consent to news, the organizers' messages she received, her ratings of nights (docs/design/25-organizers.md). */
export const organizerPersonalData: PersonalDataDeclaration = {
  domain: 'organizer',
  tables: {
    news_subscriptions: { client_id: 'delete' },
    organizer_message_recipients: { client_id: 'delete' },
    event_ratings: { client_id: 'delete', comment: 'delete' },
  },

  async exportSections(db, clientId) {
    const news = await db
      .selectFrom('news_subscriptions')
      .select('subscribed_at')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    const received = await db
      .selectFrom('organizer_message_recipients')
      .innerJoin('organizer_messages', 'organizer_messages.id', 'organizer_message_recipients.message_id')
      .select([
        'organizer_messages.title',
        'organizer_messages.event_id',
        'organizer_message_recipients.sent_at',
      ])
      .where('organizer_message_recipients.client_id', '=', clientId)
      .orderBy('organizer_message_recipients.sent_at')
      .execute();
    const ratings = await db
      .selectFrom('event_ratings')
      .select(['event_id', 'stars', 'comment', 'rated_at'])
      .where('client_id', '=', clientId)
      .orderBy('rated_at')
      .execute();
    return {
      event_news: { wants_news: news !== undefined, since: news?.subscribed_at ?? null },
      organizer_messages_received: received,
      event_ratings: ratings,
    };
  },

  // A delivery still queued carries only ids: without her recipient row it sends nothing.
  async erase(trx, clientId) {
    await trx.deleteFrom('news_subscriptions').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('organizer_message_recipients').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('event_ratings').where('client_id', '=', clientId).execute();
  },
};
