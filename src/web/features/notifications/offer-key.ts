/**
 * The flag an action that earns "¿Te avisamos?" leaves for the next page (sessionStorage). Its own
 * module: the boot script reads it and must not pull the notifications code in.
 */
export const PUSH_OFFER_KEY = 'cita:ofrecer-avisos';
