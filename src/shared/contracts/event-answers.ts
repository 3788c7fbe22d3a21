import type { AdminEventDetailsResponse, AdminEventsResponse } from './admin-events';
import type { EventDetailsAnswer, EventDetailsResponse, EventGetAnswer, EventGetResponse } from './events';

// Apart from the schemas: a screen that only tells the answers apart does not load zod.

/** Which event/get answer this is: the back office's page (it has paging fields) or the public list. */
export function isAdminEventList(answer: EventGetAnswer): answer is AdminEventsResponse {
  return 'page' in answer;
}

/** Which event/details answer this is: the admin's (with attendees) or the public one. */
export function isAdminEventDetails(answer: EventDetailsAnswer): answer is AdminEventDetailsResponse {
  return 'assistance' in answer;
}

export function isPublicEventList(answer: EventGetAnswer): answer is EventGetResponse {
  return !isAdminEventList(answer);
}

export function isPublicEventDetails(answer: EventDetailsAnswer): answer is EventDetailsResponse {
  return !isAdminEventDetails(answer);
}
