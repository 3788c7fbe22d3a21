import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADVERT_MAX_LENGTH, advertRequestSchema, type OwnAdvert } from '../../../shared/contracts/account';
import { ADVERT_STATUS } from '../../../shared/domain/statuses';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { useOwnAdvert, useRequestAdvertUpdate } from './api';
import { ProfileCard } from './profile-card';

export const APPROVAL_NOTICE = 'Todos los cambios deben ser aprobados antes de ser publicados';

/**
 * Specification §5: the select offers Activo (1) marked disabled and Inactivo (2). Only an
 * admin's approval makes an advert visible, so the client cannot pick Activo; it stays shown as
 * the default request, and Inactivo asks for the advert not to be shown.
 */
const VISIBILITY_OPTIONS = [
  { value: ADVERT_STATUS.visible, label: 'Activo', disabled: true },
  { value: ADVERT_STATUS.hidden, label: 'Inactivo' },
];

export function AdvertCard() {
  const advert = useOwnAdvert();
  const [editing, setEditing] = useState(false);
  return (
    <ProfileCard
      title="Mi anuncio"
      action={
        advert.isSuccess ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Actualizar
          </Button>
        ) : null
      }
    >
      {advert.isPending ? <Spinner /> : advert.isSuccess ? <AdvertSummary advert={advert.data} /> : null}
      <p className="mt-4 rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent-dark">{APPROVAL_NOTICE}</p>
      {advert.isSuccess ? (
        <Modal open={editing} onOpenChange={setEditing} title="Actualizar anuncio">
          <AdvertRequestForm advert={advert.data} onSent={() => setEditing(false)} />
        </Modal>
      ) : null}
    </ProfileCard>
  );
}

function AdvertSummary({ advert }: { advert: OwnAdvert | null }) {
  if (!advert || (!advert.description && !advert.description_update)) {
    return <p className="text-muted">No has escrito un anuncio</p>;
  }
  const visible = advert.status_id === ADVERT_STATUS.visible;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <span
          className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${
            visible ? 'bg-emerald-100 text-emerald-900' : 'bg-black/5 text-muted'
          }`}
        >
          {visible ? 'Visible' : 'No se muestra'}
        </span>
        <p className="mt-3 whitespace-pre-line break-words">
          {advert.description || <span className="text-muted">Aún no tienes un anuncio publicado.</span>}
        </p>
      </div>
      {advert.description_update ? (
        <div className="rounded-lg border border-dashed border-black/15 p-3">
          <p className="text-sm font-semibold text-muted">Cambio pendiente de aprobación</p>
          <p className="mt-1 whitespace-pre-line break-words">{advert.description_update}</p>
        </div>
      ) : null}
    </div>
  );
}

const requestFormSchema = advertRequestSchema.omit({ client_id: true });

function AdvertRequestForm({ advert, onSent }: { advert: OwnAdvert | null; onSent: () => void }) {
  const request = useRequestAdvertUpdate();
  const { register, handleSubmit, watch, formState } = useForm<
    z.input<typeof requestFormSchema>,
    unknown,
    z.output<typeof requestFormSchema>
  >({
    resolver: zodResolver(requestFormSchema),
    defaultValues: {
      status_id: (advert?.status_update ?? advert?.status_id ?? ADVERT_STATUS.visible) as 1 | 2,
      description_update: advert?.description_update ?? advert?.description ?? '',
    },
  });
  const { errors } = formState;
  const text = watch('description_update') ?? '';
  const onSubmit = handleSubmit((values) => request.mutate(values, { onSuccess: onSent }));
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <ErrorAlert error={request.error} />
      <SelectField
        label="Visibilidad"
        options={VISIBILITY_OPTIONS}
        error={errors.status_id?.message}
        {...register('status_id', { valueAsNumber: true })}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="description_update" className="text-sm font-medium">
          Cuéntanos brevemente sobre ti
        </label>
        <textarea
          id="description_update"
          rows={5}
          maxLength={ADVERT_MAX_LENGTH}
          className={inputClass}
          {...register('description_update')}
        />
        <p className="text-right text-xs text-muted">
          {text.length}/{ADVERT_MAX_LENGTH}
        </p>
        {errors.description_update ? (
          <p className="text-sm text-red-700">{errors.description_update.message}</p>
        ) : null}
      </div>
      <p className="text-sm text-muted">{APPROVAL_NOTICE}</p>
      <Button type="submit" disabled={!text.trim() || request.isPending}>
        {request.isPending ? 'Enviando…' : 'Solicitar aprobación'}
      </Button>
    </form>
  );
}
