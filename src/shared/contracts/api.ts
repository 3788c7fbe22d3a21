import type { z } from 'zod';
import type * as account from './account';
import type * as admin from './admin';
import type * as adminEvents from './admin-events';
import type * as adminMatches from './admin-matches';
import type * as auth from './auth';
import type * as backups from './backups';
import type * as clientEvents from './client-events';
import type * as common from './common';
import type * as compatible from './compatible';
import type * as events from './events';
import type * as interests from './interests';
import type * as invites from './invites';
import type * as invoices from './invoices';
import type * as landing from './landing';
import type * as matchCards from './match-cards';
import type * as messages from './messages';
import type * as organizer from './organizer';
import type * as payments from './payments';
import type * as people from './people';
import type * as photos from './photos';
import type * as promoCodes from './promo-codes';
import type * as push from './push';
import type * as quiz from './quiz';
import type * as trust from './trust';
import type * as verification from './verification';

/** One call: what its body may be and what its success answer is (both from the route's schemas). */
interface Call<Body extends z.ZodType, Answer extends z.ZodType> {
  body: z.input<Body>;
  answer: z.infer<Answer>;
}

/**
 * Every POST /api call by its path, typed from the same zod schemas the server validates and
 * serialises with (docs/decisions/0025): the web client's `apiPost(path, body)` takes its body
 * and answer types from here, so no answer is cast. tests/api/platform/openapi.test.ts checks
 * that every route has its answer schema; a call missing here does not compile in the web.
 */
export interface ApiCalls {
  'quizz/questions': Call<typeof auth.emptyBody, typeof quiz.quizzQuestionsResponseSchema>;
  'client/quizz/add': Call<typeof quiz.quizzAddBody, typeof common.messageAnswer>;
  'client/quizz/get': Call<typeof auth.clientIdBody, typeof account.quizzGetResponseSchema>;
  'stats/get': Call<typeof landing.statsGetBody, typeof landing.statsGetResponseSchema>;
  'client/events/get': Call<
    typeof clientEvents.clientEventsGetBody,
    typeof clientEvents.clientEventsGetResponseSchema
  >;
  'client/events/add': Call<
    typeof clientEvents.clientEventsAddBody,
    typeof clientEvents.clientEventsAddResponseSchema
  >;
  'client/events/cancel': Call<
    typeof clientEvents.clientEventsCancelBody,
    typeof clientEvents.clientEventsCancelResponseSchema
  >;
  'client/payments/checkout': Call<
    typeof payments.clientPaymentsCheckoutBody,
    typeof payments.clientPaymentsCheckoutAnswer
  >;
  'client/payments/get': Call<typeof payments.clientPaymentsGetBody, typeof payments.clientPaymentsGetAnswer>;
  'client/invoice/get': Call<typeof invoices.clientInvoiceGetBody, typeof invoices.clientInvoiceGetAnswer>;
  'client/invoice/add': Call<typeof invoices.clientInvoiceAddBody, typeof invoices.clientInvoiceAddAnswer>;
  'client/fiscal-profile/get': Call<
    typeof invoices.clientFiscalProfileGetBody,
    typeof invoices.clientFiscalProfileGetAnswer
  >;
  'admin/invoices/get': Call<typeof invoices.adminInvoicesGetBody, typeof invoices.adminInvoicesGetAnswer>;
  'admin/invoices/close-period': Call<
    typeof invoices.adminInvoicesClosePeriodBody,
    typeof invoices.adminInvoicesClosePeriodAnswer
  >;
  'admin/invoice/retry': Call<typeof invoices.adminInvoiceRetryBody, typeof invoices.adminInvoiceRetryAnswer>;
  'client/code/check': Call<typeof promoCodes.clientCodeCheckBody, typeof promoCodes.clientCodeCheckAnswer>;
  'admin/codes/get': Call<typeof promoCodes.adminCodesGetBody, typeof promoCodes.adminCodesGetAnswer>;
  'admin/codes/add': Call<typeof promoCodes.adminCodesAddBody, typeof promoCodes.adminCodeAnswer>;
  'admin/codes/update': Call<typeof promoCodes.adminCodesUpdateBody, typeof promoCodes.adminCodeAnswer>;
  'client/invite/get': Call<typeof invites.clientInviteGetBody, typeof invites.clientInviteGetAnswer>;
  'admin/invite-reward/get': Call<
    typeof invites.adminInviteRewardGetBody,
    typeof invites.adminInviteRewardAnswer
  >;
  'admin/invite-reward/update': Call<
    typeof invites.adminInviteRewardUpdateBody,
    typeof invites.adminInviteRewardAnswer
  >;
  'admin/payments/get': Call<typeof payments.adminPaymentsGetBody, typeof payments.adminPaymentsGetAnswer>;
  'admin/payments/refund': Call<typeof payments.adminPaymentsRefundBody, typeof common.messageAnswer>;
  'event/get': Call<typeof events.eventGetBody, typeof events.eventGetAnswer>;
  'event/details': Call<typeof events.eventDetailsBody, typeof events.eventDetailsAnswer>;
  'event/add': Call<typeof adminEvents.eventAddBody, typeof adminEvents.eventAddResponseSchema>;
  'event/update': Call<typeof adminEvents.eventUpdateBody, typeof adminEvents.eventUpdateAnswer>;
  'event/rounds': Call<typeof matchCards.roundsBody, typeof matchCards.roundsResponseSchema>;
  'client/picks/get': Call<typeof matchCards.picksGetBody, typeof matchCards.picksGetResponseSchema>;
  'client/picks/update': Call<typeof matchCards.picksUpdateBody, typeof common.messageAnswer>;
  'admin/login': Call<typeof auth.loginBody, typeof auth.adminLoginResponseSchema>;
  'admin/logout': Call<typeof auth.emptyBody, typeof common.messageAnswer>;
  'admin/first-access': Call<typeof auth.adminFirstAccessBody, typeof auth.adminLoginResponseSchema>;
  'admin/reports/get': Call<typeof trust.reportsGetBody, typeof trust.reportsGetResponseSchema>;
  'admin/reports/update': Call<typeof trust.reportsUpdateBody, typeof common.messageAnswer>;
  'admin/dashboard': Call<typeof admin.dashboardBody, typeof admin.dashboardResponseSchema>;
  'admin/stats': Call<typeof admin.adminStatsBody, typeof admin.adminStatsResponseSchema>;
  'admin/audit/get': Call<typeof admin.auditGetBody, typeof admin.auditGetResponseSchema>;
  'admin/backups/get': Call<typeof backups.backupsGetBody, typeof backups.backupsGetResponseSchema>;
  'admin/get': Call<typeof auth.adminIdBody, typeof admin.adminGetResponseSchema>;
  'admin/add': Call<typeof admin.adminAddBody, typeof admin.adminAddResponseSchema>;
  'admin/profile': Call<typeof admin.adminProfileBody, typeof admin.adminProfileResponseSchema>;
  'admin/update': Call<typeof admin.adminUpdateBody, typeof admin.adminProfileResponseSchema>;
  'admin/matches': Call<typeof adminMatches.adminMatchesBody, typeof adminMatches.adminMatchesAnswer>;
  'admin/clients/get': Call<typeof admin.clientsGetBody, typeof admin.clientsGetResponseSchema>;
  'admin/clients/update': Call<typeof admin.clientsUpdateBody, typeof common.messageAnswer>;
  'client/block': Call<typeof trust.blockBody, typeof common.messageAnswer>;
  'client/unblock': Call<typeof trust.blockBody, typeof common.messageAnswer>;
  'client/blocks/get': Call<typeof trust.blocksGetBody, typeof trust.blocksGetResponseSchema>;
  'client/report': Call<typeof trust.reportBody, typeof trust.reportAnswer>;
  'client/data/export': Call<typeof trust.dataExportBody, typeof trust.dataExportAnswer>;
  'client/password/forgot': Call<typeof account.passwordForgotBody, typeof common.messageAnswer>;
  'client/password/reset': Call<typeof account.passwordResetBody, typeof common.messageAnswer>;
  'client/add': Call<typeof auth.clientAddBody, typeof auth.clientLoginResponseSchema>;
  'client/login': Call<typeof auth.loginBody, typeof auth.clientLoginResponseSchema>;
  'client/logout': Call<typeof auth.emptyBody, typeof common.messageAnswer>;
  'client/profile/update': Call<typeof account.profileUpdateBody, typeof account.profileResponseSchema>;
  'client/password/update': Call<typeof account.passwordUpdateBody, typeof common.messageAnswer>;
  'client/deactivate': Call<typeof account.deactivateBody, typeof common.messageAnswer>;
  'client/profile': Call<typeof auth.clientIdBody, typeof account.profileResponseSchema>;
  'client/photos/get': Call<typeof photos.photosGetBody, typeof photos.photosGetResponseSchema>;
  'client/photos/add': Call<typeof photos.photosAddBody, typeof photos.photosAddResponseSchema>;
  'client/photos/update': Call<typeof photos.photosUpdateBody, typeof photos.photosUpdateResponseSchema>;
  'client/photos/delete': Call<typeof photos.photosDeleteBody, typeof photos.photosUpdateResponseSchema>;
  'admin/photos/update': Call<
    typeof photos.adminPhotosUpdateBody,
    typeof photos.adminPhotosUpdateResponseSchema
  >;
  'client/verification/get': Call<
    typeof verification.verificationGetBody,
    typeof verification.verificationGetAnswer
  >;
  'client/verification/start': Call<
    typeof verification.verificationStartBody,
    typeof verification.verificationStartAnswer
  >;
  'client/verification/add': Call<
    typeof verification.verificationAddBody,
    typeof verification.verificationAddAnswer
  >;
  'client/verification/delete': Call<
    typeof verification.verificationDeleteBody,
    typeof verification.verificationDeleteAnswer
  >;
  'admin/verifications/get': Call<
    typeof verification.adminVerificationsGetBody,
    typeof verification.adminVerificationsGetAnswer
  >;
  'admin/verification/update': Call<
    typeof verification.adminVerificationUpdateBody,
    typeof verification.adminVerificationUpdateAnswer
  >;
  'admin/event/face-match': Call<typeof verification.faceMatchBody, typeof verification.faceMatchAnswer>;
  'adverts/get': Call<typeof people.advertsGetBody, typeof people.advertsGetResponseSchema>;
  'client/interested/get': Call<
    typeof interests.interestedGetBody,
    typeof interests.interestedGetResponseSchema
  >;
  'client/interested/add': Call<
    typeof interests.interestedAddBody,
    typeof interests.interestedAddResponseSchema
  >;
  'client/interested/update': Call<typeof interests.interestedUpdateBody, typeof common.messageAnswer>;
  'client/compatible/get': Call<typeof compatible.compatibleGetBody, typeof compatible.compatibleGetAnswer>;
  'client/advert/get': Call<typeof auth.clientIdBody, typeof account.advertGetResponseSchema>;
  'client/advert/update': Call<typeof account.advertUpdateBody, typeof account.advertGetResponseSchema>;
  'client/conversations/get': Call<
    typeof messages.conversationsGetBody,
    typeof messages.conversationsGetAnswer
  >;
  'client/messages/get': Call<typeof messages.messagesGetBody, typeof messages.messagesGetAnswer>;
  'client/messages/send': Call<typeof messages.messagesSendBody, typeof messages.messagesSendAnswer>;
  'client/messages/read': Call<typeof messages.messagesReadBody, typeof messages.messagesReadAnswer>;
  'client/messages/report': Call<typeof messages.messagesReportBody, typeof trust.reportAnswer>;
  'client/whatsapp/share': Call<typeof messages.contactShareBody, typeof messages.contactShareAnswer>;
  'client/push/key': Call<typeof push.pushKeyBody, typeof push.pushKeyAnswer>;
  'client/push/subscribe': Call<typeof push.pushSubscribeBody, typeof push.pushSubscribeAnswer>;
  'client/push/unsubscribe': Call<typeof push.pushUnsubscribeBody, typeof push.pushUnsubscribeAnswer>;
  'client/push/preferences/get': Call<typeof push.pushPreferencesGetBody, typeof push.pushPreferencesAnswer>;
  'client/push/preferences/update': Call<
    typeof push.pushPreferencesUpdateBody,
    typeof push.pushPreferencesAnswer
  >;
  'admin/event/message': Call<
    typeof organizer.adminEventMessageBody,
    typeof organizer.adminEventMessageAnswer
  >;
  'admin/event/messages': Call<
    typeof organizer.adminEventMessagesBody,
    typeof organizer.adminEventMessagesAnswer
  >;
  'admin/event/ratings': Call<
    typeof organizer.adminEventRatingsBody,
    typeof organizer.adminEventRatingsAnswer
  >;
  'admin/ratings/trend': Call<typeof organizer.adminRatingTrendBody, typeof organizer.adminRatingTrendAnswer>;
  'admin/event/report': Call<typeof organizer.adminEventReportBody, typeof organizer.adminEventReportAnswer>;
  'client/news/get': Call<typeof organizer.clientNewsGetBody, typeof organizer.clientNewsAnswer>;
  'client/news/update': Call<typeof organizer.clientNewsUpdateBody, typeof organizer.clientNewsAnswer>;
  'client/rating/get': Call<typeof organizer.clientRatingGetBody, typeof organizer.clientRatingGetAnswer>;
  'client/rating/add': Call<typeof organizer.clientRatingAddBody, typeof organizer.clientRatingAddAnswer>;
}

export type ApiPath = keyof ApiCalls;
export type ApiBody<Path extends ApiPath> = ApiCalls[Path]['body'];
export type ApiAnswer<Path extends ApiPath> = ApiCalls[Path]['answer'];
