import type { FastifyInstance } from 'fastify';
import {
  adminInviteRewardAnswer,
  adminInviteRewardGetBody,
  adminInviteRewardUpdateBody,
  clientInviteGetAnswer,
  clientInviteGetBody,
} from '../../shared/contracts/invites';
import type { SignUpHooks } from '../accounts/sign-up-hooks';
import type { PlaceHooks } from '../events/attendance/place-hooks';
import { requireAdmin, requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { rewardFirstNight } from './earn-reward';
import { inviteFigures, inviteReward, updateInviteReward } from './invite-reward';
import { memberInvites } from './member-invites';
import { recordInvitation } from './record-invitation';

/**
 * Bring someone (docs/design/25-organizers.md, decision 0053): the member's link and what it brought, the
 * reward the admins set. Hears of sign-ups (who brought her) and of door check-ins (her first
 * night earns the inviter a code) through the accounts' and events' hooks.
 */
export async function registerInvitesRoutes(
  app: FastifyInstance,
  { placeHooks, signUpHooks }: { placeHooks: PlaceHooks; signUpHooks: SignUpHooks },
): Promise<void> {
  signUpHooks.subscribe({ memberSignedUp: recordInvitation });
  placeHooks.subscribe({
    placeCheckedIn: (trx, arrival) => rewardFirstNight(trx, arrival, app.config.publicUrl),
  });

  await app.register(async (scope) => {
    const member = zodApp(scope, requireClient);
    member.post(
      '/client/invite/get',
      callOptions(clientInviteGetBody, clientInviteGetAnswer),
      async (request) =>
        ok('Tus invitaciones', await memberInvites(app.db, app.config.publicUrl, request.clientId)),
    );
  });

  await app.register(async (scope) => {
    const admin = zodApp(scope, requireAdmin);
    admin.post(
      '/admin/invite-reward/get',
      callOptions(adminInviteRewardGetBody, adminInviteRewardAnswer),
      async () =>
        ok('Recompensa por invitación', {
          reward: await inviteReward(app.db),
          figures: await inviteFigures(app.db),
        }),
    );
    admin.post(
      '/admin/invite-reward/update',
      callOptions(adminInviteRewardUpdateBody, adminInviteRewardAnswer),
      async (request) => {
        const { admin_id: _ignored, ...fields } = request.body;
        const reward = await updateInviteReward(app.db, request.adminId, fields);
        return ok(reward.enabled ? 'Recompensa guardada y activa' : 'Recompensa guardada: está apagada', {
          reward,
          figures: await inviteFigures(app.db),
        });
      },
    );
  });
}
