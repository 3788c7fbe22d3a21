import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ClientProfile,
  type ProfileForm,
  profileSchema,
  type ValidProfile,
} from '../../../shared/contracts/account';
import { GENDERS, genderLabel } from '../../../shared/domain/genders';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { formatPhone } from '../../../shared/domain/phone-display';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { useProfile, useUpdateProfile } from './api';
import { ProfileCard } from './profile-card';

const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender.id, label: gender.label }));

export function PersonalDataCard() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  return (
    <ProfileCard
      title="Datos personales"
      action={
        profile.data ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Editar
          </Button>
        ) : null
      }
    >
      {/* Load failures are only logged (specification §8): the card stays empty. */}
      {profile.isPending ? <Spinner /> : profile.data ? <PersonalData profile={profile.data} /> : null}
      {profile.data ? (
        <Modal open={editing} onOpenChange={setEditing} title="Editar datos personales">
          <EditProfileForm profile={profile.data} onSaved={() => setEditing(false)} />
        </Modal>
      ) : null}
    </ProfileCard>
  );
}

function PersonalData({ profile }: { profile: ClientProfile }) {
  const rows: { label: string; value: string; private?: boolean }[] = [
    { label: 'Nombre', value: `${profile.first_name} ${profile.last_name}` },
    { label: 'Género', value: genderLabel(profile.gender) },
    { label: 'Fecha de nacimiento', value: formatCalendarDate(profile.birthday ?? '') },
    { label: 'Ocupación', value: profile.occupation },
    { label: 'Correo electrónico', value: profile.email, private: true },
    { label: 'Teléfono', value: formatPhone(profile.phone), private: true },
    { label: 'Instagram', value: profile.instagram, private: true },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="flex items-center gap-2 text-sm text-muted">
            {row.label}
            {row.private ? (
              <span className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-medium">No es público</span>
            ) : null}
          </dt>
          <dd className="break-words font-medium">{row.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditProfileForm({ profile, onSaved }: { profile: ClientProfile; onSaved: () => void }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState } = useForm<ProfileForm, unknown, ValidProfile>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      gender: profile.gender as ProfileForm['gender'],
      birthday: profile.birthday ?? '',
      phone: profile.phone,
      instagram: profile.instagram,
      occupation: profile.occupation,
    },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => update.mutate(values, { onSuccess: onSaved }));
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <ErrorAlert error={update.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nombre" error={errors.first_name?.message} {...register('first_name')} />
        <Field label="Apellido" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Género"
          options={GENDER_OPTIONS}
          error={errors.gender?.message}
          {...register('gender', { valueAsNumber: true })}
        />
        <Field
          label="Fecha de nacimiento"
          type="date"
          error={errors.birthday?.message}
          {...register('birthday')}
        />
      </div>
      <Field label="Teléfono" type="tel" error={errors.phone?.message} {...register('phone')} />
      <Field label="Instagram" error={errors.instagram?.message} {...register('instagram')} />
      <Field label="Ocupación" error={errors.occupation?.message} {...register('occupation')} />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Guardando…' : 'Guardar'}
      </Button>
    </form>
  );
}
