import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { isAdminEventList } from '../../../../shared/contracts/event-answers';
import {
  type AdminCodesAddBody,
  type AdminPromoCode,
  adminCodesAddBody,
} from '../../../../shared/contracts/promo-codes';
import { GENDERS } from '../../../../shared/domain/genders';
import { formatCalendarDate } from '../../../../shared/domain/mexico-dates';
import { formatCents } from '../../../../shared/domain/money';
import { discountLabel } from '../../../../shared/domain/promo-codes';
import { adminPost } from '../../../api/admin';
import { answerOf, sessionHint } from '../../../api/client';
import {
  type Banner,
  BannerSlot,
  ButtonFeedback,
  bannerFrom,
  Cell,
  EmptyState,
  PageHeader,
  smallButton,
  Table,
  Tag,
} from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import {
  type DiscountKind,
  DiscountKindChoice,
  discountOf,
  discountValueLabel,
  kindSwitchNote,
} from './discount-fields';
import { InviteRewardCard } from './invite-reward-card';

/**
 * /admin/codigos (docs/design/25-organizers.md): the reward for bringing someone, then the promo codes, their
 * uses and the pesos they took off.
 */
export function CodesPage() {
  usePageTitle('Códigos');
  const [editing, setEditing] = useState<AdminPromoCode | 'new' | null>(null);
  // One feedback on the page, where it was asked for: the reward's button or the codes' list.
  const [feedback, setFeedback] = useState<{ place: 'reward' | 'codes'; banner: Banner } | null>(null);
  const edit = (code: AdminPromoCode | 'new') => {
    setFeedback(null);
    setEditing(code);
  };
  const codes = useQuery({
    queryKey: ['admin', 'codes'],
    queryFn: () => adminPost('admin/codes/get', {}),
  });
  return (
    <section>
      <PageHeader title="Códigos">
        <button type="button" className={smallButton('primary')} onClick={() => edit('new')}>
          <Plus className="size-4" aria-hidden /> Nuevo código
        </button>
      </PageHeader>
      <InviteRewardCard
        feedback={feedback?.place === 'reward' ? feedback.banner : null}
        onFeedback={(banner) => setFeedback(banner ? { place: 'reward', banner } : null)}
      />
      <BannerSlot banner={feedback?.place === 'codes' ? feedback.banner : null} />
      {codes.isPending ? (
        <Spinner />
      ) : codes.isError ? (
        <BannerSlot banner={bannerFrom(codes.error)} />
      ) : codes.data.codes.length === 0 ? (
        <EmptyState text="Todavía no hay códigos" />
      ) : (
        <Table head={['Código', 'Descuento', 'Para', 'Vigencia', 'Usos', 'Descontado', '']}>
          {codes.data.codes.map((code) => (
            <CodeRow key={code.id} code={code} onEdit={() => edit(code)} />
          ))}
        </Table>
      )}
      {editing ? (
        <CodeForm
          key={editing === 'new' ? 'new' : editing.id}
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(banner) => setFeedback({ place: 'codes', banner })}
        />
      ) : null}
    </section>
  );
}

/** An event as the codes' page names it: «Noche de salsa · 5 de diciembre de 2026». */
function eventLabel(event: { name: string; day: string | null }): string {
  return event.day ? `${event.name} · ${formatCalendarDate(event.day)}` : event.name;
}

function CodeRow({ code, onEdit }: { code: AdminPromoCode; onEdit: () => void }) {
  const discount = discountLabel(
    {
      percent_off: code.percent_off,
      amount_off_cents: code.amount_off === null ? null : code.amount_off * 100,
    },
    formatCents,
  );
  const whom = [
    code.events.length === 0 ? 'Todos los eventos' : code.events.map(eventLabel).join('; '),
    code.genders.length === 0
      ? null
      : code.genders.map((id) => GENDERS.find((g) => g.id === id)?.label).join(', '),
  ]
    .filter(Boolean)
    .join(' · ');
  const validity = [
    code.valid_from ? `desde el ${formatCalendarDate(code.valid_from)}` : null,
    code.valid_until ? `hasta el ${formatCalendarDate(code.valid_until)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr>
      <Cell label="Código" className="font-mono font-semibold">
        {code.code}
        {code.active ? null : (
          <span className="ml-2 font-sans">
            <Tag tone="slate">Desactivado</Tag>
          </span>
        )}
      </Cell>
      <Cell label="Descuento">{discount}</Cell>
      <Cell label="Para">{whom}</Cell>
      <Cell label="Vigencia">{validity || 'Sin fecha límite'}</Cell>
      <Cell label="Usos">
        {code.uses}
        {code.max_uses === null ? '' : ` de ${code.max_uses}`} ({code.confirmed_uses} confirmados)
      </Cell>
      <Cell label="Descontado">{formatCents(code.discounted_cents)}</Cell>
      <Cell>
        <button type="button" className={smallButton()} onClick={onEdit} aria-label={`Editar ${code.code}`}>
          Editar
        </button>
      </Cell>
    </tr>
  );
}

/** The form's own state: numbers as typed, turned into the call's body on saving. */
interface CodeDraft {
  code: string;
  kind: DiscountKind;
  value: string;
  /** The chosen events, named: a search may not list them. */
  events: AdminPromoCode['events'];
  genders: number[];
  maxUses: string;
  maxUsesPerMember: string;
  validFrom: string;
  validUntil: string;
  active: boolean;
}

function draftOf(code: AdminPromoCode | null): CodeDraft {
  return {
    code: code?.code ?? '',
    kind: code?.amount_off != null ? 'amount' : 'percent',
    value: String(code?.percent_off ?? code?.amount_off ?? ''),
    events: code?.events ?? [],
    genders: code?.genders ?? [],
    maxUses: code?.max_uses === null || code === null ? '' : String(code.max_uses),
    // One use per member unless the admin says otherwise.
    maxUsesPerMember:
      code === null ? '1' : code.max_uses_per_member === null ? '' : String(code.max_uses_per_member),
    validFrom: code?.valid_from ?? '',
    validUntil: code?.valid_until ?? '',
    active: code?.active ?? true,
  };
}

function bodyOf(draft: CodeDraft): AdminCodesAddBody {
  const count = (text: string) => (text.trim() === '' ? null : Number(text));
  const value = Number(draft.value);
  return {
    code: draft.code,
    ...discountOf(draft.kind, value),
    event_ids: draft.events.map((event) => event.id),
    genders: draft.genders as AdminCodesAddBody['genders'],
    max_uses: count(draft.maxUses),
    max_uses_per_member: count(draft.maxUsesPerMember),
    valid_from: draft.validFrom || null,
    valid_until: draft.validUntil || null,
    active: draft.active,
  };
}

function toggle(list: number[], id: number, on: boolean): number[] {
  return on ? [...list, id] : list.filter((item) => item !== id);
}

function CodeForm({
  code,
  onClose,
  onSaved,
}: {
  code: AdminPromoCode | null;
  onClose: () => void;
  onSaved: (banner: Banner) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CodeDraft>(() => draftOf(code));
  const [banner, setBanner] = useState<Banner>(null);
  const [kindNote, setKindNote] = useState<string | null>(null);
  // A message about the last press no longer holds once a field changes.
  const set = (change: Partial<CodeDraft>) => {
    setBanner(null);
    setKindNote(null);
    setDraft((current) => ({ ...current, ...change }));
  };
  const [search, setSearch] = useState('');
  const events = useQuery({
    queryKey: ['admin', 'events', search.trim(), 1],
    queryFn: async () =>
      answerOf(
        // The admin's id is what makes event/get answer the back office's list (specification §3).
        await adminPost('event/get', {
          admin_id: sessionHint('admin') ?? undefined,
          page: 1,
          search: search.trim() || undefined,
        }),
        isAdminEventList,
      ),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (body: AdminCodesAddBody) =>
      code ? adminPost('admin/codes/update', { ...body, id: code.id }) : adminPost('admin/codes/add', body),
    onSuccess: (answer) => {
      onSaved({ status: 'success', message: `${answer.message}: ${answer.code.code}` });
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['admin', 'codes'] });
    },
    onError: (error) => setBanner(bannerFrom(error)),
  });
  const submit = () => {
    setBanner(null);
    const parsed = adminCodesAddBody.safeParse(bodyOf(draft));
    if (!parsed.success) {
      setBanner({ status: 'warning', message: parsed.error.issues[0]?.message ?? 'Revisa el formulario' });
      return;
    }
    save.mutate(bodyOf(draft));
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={code ? `Editar ${code.code}` : 'Nuevo código'}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field
          label="Código (4 a 20 letras o números)"
          name="code"
          value={draft.code}
          onChange={(event) => set({ code: event.target.value.toUpperCase() })}
          autoCapitalize="characters"
          maxLength={20}
        />
        <DiscountKindChoice
          legend="Descuento"
          name="kind"
          kind={draft.kind}
          onChange={(kind) => {
            set({ kind, value: '' });
            if (draft.value.trim() !== '') setKindNote(kindSwitchNote(kind));
          }}
        >
          {kindNote ? (
            <p role="status" className="text-sm text-amber-800">
              {kindNote}
            </p>
          ) : null}
          <Field
            label={discountValueLabel(draft.kind)}
            name="value"
            type="number"
            inputMode="decimal"
            value={draft.value}
            onChange={(event) => set({ value: event.target.value })}
          />
        </DiscountKindChoice>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Para quién (ninguno marcado: todos)</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {GENDERS.map((gender) => (
              <label key={gender.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.genders.includes(gender.id)}
                  onChange={(event) =>
                    set({ genders: toggle(draft.genders, gender.id, event.target.checked) })
                  }
                />
                {gender.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Eventos (ninguno marcado: todos)</legend>
          {draft.events.length > 0 ? (
            <p className="text-sm">Elegidos: {draft.events.map(eventLabel).join('; ')}</p>
          ) : null}
          <Field
            label="Buscar evento por nombre"
            name="event_search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {events.data ? (
            <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto text-sm">
              {/* A night that already began takes no code; one already chosen stays, to be taken off. */}
              {events.data.events
                .filter((event) => !event.past || draft.events.some((chosen) => chosen.id === event.id))
                .map((event) => (
                  <li key={event.id}>
                    <label className="flex items-start gap-2">
                      <input
                        type="checkbox"
                        className="mt-1"
                        checked={draft.events.some((chosen) => chosen.id === event.id)}
                        onChange={(change) =>
                          set({
                            events: change.target.checked
                              ? [...draft.events, { id: event.id, name: event.name, day: event.day }]
                              : draft.events.filter((chosen) => chosen.id !== event.id),
                          })
                        }
                      />
                      <span className="break-words">
                        {event.name}
                        {event.day ? ` · ${formatCalendarDate(event.day)}` : ''}
                      </span>
                    </label>
                  </li>
                ))}
            </ul>
          ) : events.isError ? (
            <BannerSlot banner={bannerFrom(events.error)} />
          ) : (
            <Spinner />
          )}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Usos en total"
            name="max_uses"
            type="number"
            inputMode="numeric"
            placeholder="Sin límite"
            value={draft.maxUses}
            onChange={(event) => set({ maxUses: event.target.value })}
          />
          <Field
            label="Usos por persona"
            name="max_uses_per_member"
            type="number"
            inputMode="numeric"
            placeholder="Sin límite"
            value={draft.maxUsesPerMember}
            onChange={(event) => set({ maxUsesPerMember: event.target.value })}
          />
          <Field
            label="Válido desde"
            name="valid_from"
            type="date"
            value={draft.validFrom}
            onChange={(event) => set({ validFrom: event.target.value })}
          />
          <Field
            label="Válido hasta"
            name="valid_until"
            type="date"
            value={draft.validUntil}
            onChange={(event) => set({ validUntil: event.target.value })}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(event) => set({ active: event.target.checked })}
          />
          Código activo (desmárcalo para que deje de aplicarse sin borrarlo)
        </label>
        <ButtonFeedback banner={banner} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar'}
        </Button>
      </form>
    </Modal>
  );
}
