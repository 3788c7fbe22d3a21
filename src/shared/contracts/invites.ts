import { z } from 'zod';
import { EARNED_CODE_STATES, INVITE_REWARD_MAX_DAYS } from '../domain/invites';
import { optionalIdSchema, successAnswer } from './common';
import { amountOffSchema, oneDiscount, PROMO_CODE_ONE_DISCOUNT, percentOffSchema } from './promo-codes';

/** Bring someone (docs/design/25-organizers.md, decision 0053): her link, what it brought, the codes it earned. */
export const clientInviteGetBody = z.object({ client_id: optionalIdSchema }).optional();

/** A personal code she earned because someone she invited came to a night. */
export const earnedCodeSchema = z.object({
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off_cents: z.number().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  state: z.enum(EARNED_CODE_STATES),
  /** The first name of the person whose first night earned it; null once that account is gone. */
  invited: z.string().nullable(),
});
export type EarnedCode = z.infer<typeof earnedCodeSchema>;

/** What a first night earns now, as the member reads it; null while the admins have it off. */
export const inviteRewardOfferSchema = z
  .object({
    percent_off: z.number().nullable(),
    amount_off_cents: z.number().nullable(),
    valid_days: z.number(),
  })
  .nullable();

export const clientInviteGetAnswer = successAnswer({
  link: z.string(),
  /** People who created their account through her link. */
  signed_up: z.number(),
  /** Of those, people who came to at least one night (checked in at the door). */
  came: z.number(),
  codes: z.array(earnedCodeSchema),
  reward: inviteRewardOfferSchema,
});
export type ClientInviteGetAnswer = z.infer<typeof clientInviteGetAnswer>;

export const adminInviteRewardGetBody = z.object({ admin_id: optionalIdSchema }).optional();

export const INVITE_REWARD_DAYS_RANGE = `Los días de vigencia van de 1 a ${INVITE_REWARD_MAX_DAYS}`;

/** The reward as the admins set it in "Códigos": percent or pesos off (as a code), days valid, on or off. */
export const adminInviteRewardUpdateBody = z
  .object({
    admin_id: optionalIdSchema,
    enabled: z.boolean({ error: 'Indica si la recompensa está activa' }),
    percent_off: percentOffSchema,
    amount_off: amountOffSchema,
    valid_days: z
      .number({ error: INVITE_REWARD_DAYS_RANGE })
      .int('Los días de vigencia deben ser un número entero')
      .min(1, INVITE_REWARD_DAYS_RANGE)
      .max(INVITE_REWARD_MAX_DAYS, INVITE_REWARD_DAYS_RANGE),
  })
  .refine(oneDiscount, { message: PROMO_CODE_ONE_DISCOUNT, path: ['percent_off'] });
export type AdminInviteRewardUpdateBody = z.input<typeof adminInviteRewardUpdateBody>;

export const inviteRewardSchema = z.object({
  enabled: z.boolean(),
  percent_off: z.number().nullable(),
  /** Pesos, as the codes' amounts in the back office. */
  amount_off: z.number().nullable(),
  valid_days: z.number(),
});
export type InviteReward = z.infer<typeof inviteRewardSchema>;

/** How bringing someone is going, for the whole site. */
export const inviteFiguresSchema = z.object({
  signed_up: z.number(),
  came: z.number(),
  earned: z.number(),
  /** Earned codes held by a place or paid with. */
  used: z.number(),
  /** What the earned codes took off confirmed places, in cents. */
  discounted_cents: z.number(),
});
export type InviteFigures = z.infer<typeof inviteFiguresSchema>;

export const adminInviteRewardAnswer = successAnswer({
  reward: inviteRewardSchema,
  figures: inviteFiguresSchema,
});
export type AdminInviteRewardAnswer = z.infer<typeof adminInviteRewardAnswer>;
