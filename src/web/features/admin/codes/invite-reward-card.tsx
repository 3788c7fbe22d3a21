import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminInviteRewardUpdateBody,
  adminInviteRewardUpdateBody,
  type InviteFigures,
  type InviteReward,
} from '../../../../shared/contracts/invites';
import { formatCents } from '../../../../shared/domain/money';
import { adminPost } from '../../../api/admin';
import { type Banner, BannerSlot, ButtonFeedback, bannerFrom } from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import {
  type DiscountKind,
  DiscountKindChoice,
  discountOf,
  discountValueLabel,
  kindSwitchNote,
} from './discount-fields';

const REWARD_KEY = ['admin', 'invite-reward'] as const;
/** What the form proposes for a reward never set: half off a night. */
const PROPOSED_PERCENT = 50;

/**
 * "Recompensa por invitación" (docs/design/25-organizers.md, decision 0053): what the inviter earns when someone
 * she brought comes to her first night: percent or pesos off (as a code), how many days it lasts,
 * on or off. Codes already earned keep their terms.
 */
export function InviteRewardCard({
  feedback,
  onFeedback,
}: {
  /** The page's one feedback, when it is this card's. */
  feedback: Banner;
  onFeedback: (banner: Banner) => void;
}) {
  const reward = useQuery({
    queryKey: REWARD_KEY,
    queryFn: () => adminPost('admin/invite-reward/get', {}),
  });
  return (
    <section
      aria-labelledby="recompensa-invitacion"
      className="mb-6 flex flex-col gap-3 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="recompensa-invitacion" className="text-lg font-semibold">
        Recompensa por invitación
      </h2>
      <p className="text-sm text-slate-600">
        Cada persona tiene un enlace para invitar. Cuando alguien que se registró con él llega a su primera
        noche (se registra su llegada en la entrada), quien la invitó recibe un código personal de un solo
        uso.
      </p>
      {reward.isPending ? (
        <Spinner />
      ) : reward.isError ? (
        <BannerSlot banner={bannerFrom(reward.error)} />
      ) : (
        <>
          <Figures figures={reward.data.figures} />
          <RewardForm reward={reward.data.reward} feedback={feedback} onFeedback={onFeedback} />
        </>
      )}
    </section>
  );
}

function Figures({ figures }: { figures: InviteFigures }) {
  const items = [
    ['Registros por invitación', figures.signed_up],
    ['Vinieron a su primera noche', figures.came],
    ['Códigos ganados', figures.earned],
    ['Códigos usados', figures.used],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
      <div className="rounded bg-slate-50 px-3 py-2">
        <dt className="text-xs text-slate-500">Descontado</dt>
        <dd className="font-semibold">{formatCents(figures.discounted_cents)}</dd>
      </div>
    </dl>
  );
}

interface RewardDraft {
  enabled: boolean;
  kind: DiscountKind;
  value: string;
  days: string;
}

function draftOf(reward: InviteReward): RewardDraft {
  return {
    enabled: reward.enabled,
    kind: reward.amount_off !== null ? 'amount' : 'percent',
    value: String(reward.percent_off ?? reward.amount_off ?? PROPOSED_PERCENT),
    days: String(reward.valid_days),
  };
}

function bodyOf(draft: RewardDraft): AdminInviteRewardUpdateBody {
  const value = Number(draft.value);
  return {
    enabled: draft.enabled,
    ...discountOf(draft.kind, value),
    valid_days: Number(draft.days),
  };
}

function RewardForm({
  reward,
  feedback,
  onFeedback,
}: {
  reward: InviteReward;
  feedback: Banner;
  onFeedback: (banner: Banner) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RewardDraft>(() => draftOf(reward));
  const [kindNote, setKindNote] = useState<string | null>(null);
  const set = (change: Partial<RewardDraft>) => {
    onFeedback(null);
    setKindNote(null);
    setDraft((current) => ({ ...current, ...change }));
  };
  const save = useMutation({
    mutationFn: (body: AdminInviteRewardUpdateBody) => adminPost('admin/invite-reward/update', body),
    onSuccess: (answer) => {
      onFeedback({ status: 'success', message: answer.message });
      queryClient.setQueryData(REWARD_KEY, answer);
    },
    onError: (error) => onFeedback(bannerFrom(error)),
  });
  const submit = () => {
    onFeedback(null);
    const parsed = adminInviteRewardUpdateBody.safeParse(bodyOf(draft));
    if (!parsed.success) {
      onFeedback({ status: 'warning', message: parsed.error.issues[0]?.message ?? 'Revisa el formulario' });
      return;
    }
    save.mutate(bodyOf(draft));
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        Recompensa activa
      </label>
      <DiscountKindChoice
        legend="Descuento del código"
        name="reward-kind"
        kind={draft.kind}
        onChange={(kind) => {
          set({ kind, value: '' });
          if (draft.value.trim() !== '') setKindNote(kindSwitchNote(kind));
        }}
      />
      {kindNote ? (
        <p role="status" className="text-sm text-amber-800">
          {kindNote}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={discountValueLabel(draft.kind)}
          name="reward_value"
          type="number"
          inputMode="decimal"
          value={draft.value}
          onChange={(event) => set({ value: event.target.value })}
        />
        <Field
          label="Días de vigencia"
          name="reward_days"
          type="number"
          inputMode="numeric"
          value={draft.days}
          onChange={(event) => set({ days: event.target.value })}
        />
      </div>
      <ButtonFeedback banner={feedback} />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Guardando…' : 'Guardar recompensa'}
      </Button>
    </form>
  );
}
