import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { clientSignUpSchema } from '../../../shared/contracts/auth';
import type { EnvelopeStatus } from '../../../shared/contracts/common';
import { DEFAULT_GENDER, GENDERS } from '../../../shared/domain/genders';
import { apiPost, errorMessage, errorStatus, rememberSessionHint } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { usePageTitle } from '../../components/use-page-title';
import { forgetInvite, useInviteFromLink } from './invite-from-link';
import { useLoginReturn, useWayBack } from './login-return';

type SignUpInput = z.input<typeof clientSignUpSchema>;
type SignUp = z.output<typeof clientSignUpSchema>;

const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender.id, label: gender.label }));

/**
 * /registrarse (specification §5 "Sign-up"); client/add starts the session, so success goes on to
 * /intereses, or back to the page that sent her to log in (an event's "Participar").
 */
export function SignUpPage() {
  usePageTitle('Crear cuenta');
  const clientId = useSessionHint('client');
  const navigate = useNavigate();
  const { next } = useLoginReturn('/intereses');
  const wayBack = useWayBack();
  const invite = useInviteFromLink(clientId === null);
  const [banner, setBanner] = useState<{ status: EnvelopeStatus; message: string } | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<SignUpInput, unknown, SignUp>({
    resolver: zodResolver(clientSignUpSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      birthday: '',
      gender: DEFAULT_GENDER,
      occupation: '',
      instagram: '',
      password: '',
    },
  });

  if (clientId !== null) return <Navigate to={next} replace />;

  const [firstName, lastName, email, birthday, password] = watch([
    'first_name',
    'last_name',
    'email',
    'birthday',
    'password',
  ]);
  const incomplete = !firstName || !lastName || !email || !birthday || !password;
  const { errors } = formState;

  const onSubmit = handleSubmit(async (client) => {
    setBanner(null);
    try {
      const response = await apiPost('client/add', { client, ...(invite ? { invite } : {}) });
      forgetInvite();
      rememberSessionHint('client', response.client_id);
      navigate(next);
    } catch (error) {
      setBanner({ status: errorStatus(error), message: errorMessage(error) });
    }
  });

  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold">Crear cuenta</h1>
      <p className="mt-2 text-muted">
        Regístrate para marcar interés en otras personas e inscribirte a eventos.
      </p>
      {invite ? (
        <p className="mt-4 rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
          Vienes con una invitación: crea tu cuenta y te esperamos en tu primera noche.
        </p>
      ) : null}
      {/* A refusal is about what was typed: once she edits, it no longer applies. */}
      <form
        onSubmit={onSubmit}
        onChange={() => setBanner(null)}
        className="mt-8 flex flex-col gap-4"
        noValidate
      >
        {banner ? <Alert {...banner} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Nombre"
            marked
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <Field
            label="Apellido"
            marked
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <Field
          label="Correo electrónico"
          marked
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Teléfono"
          marked
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Fecha de nacimiento"
            marked
            type="date"
            autoComplete="bday"
            error={errors.birthday?.message}
            {...register('birthday')}
          />
          <SelectField
            label="Género"
            marked
            options={GENDER_OPTIONS}
            error={errors.gender?.message}
            {...register('gender', { valueAsNumber: true })}
          />
        </div>
        <Field
          label="Ocupación"
          autoComplete="organization-title"
          error={errors.occupation?.message}
          {...register('occupation')}
        />
        <Field label="Instagram (opcional)" error={errors.instagram?.message} {...register('instagram')} />
        <Field
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {/* Express consent (LFPDPPP): gender 3 is sensitive personal data (docs/design/13-trust.md). */}
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-1 size-4 accent-accent" {...register('privacy_consent')} />
            <span>
              He leído el{' '}
              <Link to="/aviso-privacidad" target="_blank" className="text-accent underline">
                aviso de privacidad
              </Link>{' '}
              y doy mi consentimiento expreso para que Cita trate mis datos personales, incluidos los
              sensibles como mi orientación, para las finalidades que describe.
            </span>
          </label>
          {errors.privacy_consent ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.privacy_consent.message}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={incomplete || formState.isSubmitting}>
          {formState.isSubmitting ? 'Creando tu cuenta…' : 'Crear cuenta'}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        ¿Ya tienes cuenta?{' '}
        <Link to={wayBack('/ingresar')} className="text-accent underline">
          Inicia sesión
        </Link>
      </p>
    </section>
  );
}
