import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { type PasswordChangeForm, passwordChangeSchema } from '../../../shared/contracts/account';
import { loginPasswordSchema } from '../../../shared/contracts/common';
import { exportContentsText } from '../../../shared/domain/personal-data-export';
import { LEFT_CLIENT_AREA } from '../../api/session-hint';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { usePageTitle } from '../../components/use-page-title';
import { NewsSetting } from '../news/news-setting';
import { NotificationSettings } from '../notifications/notification-settings';
import { useChangePassword, useDeactivateAccount, useDownloadMyData } from './api';
import { VerifiedInterestSetting } from './verified-interest-setting';

export const DEACTIVATION_WARNING =
  'Si desactivas tu cuenta no podrás volver a iniciar sesión con este correo y toda tu información se eliminará de forma permanente.';

/** /configuracion: password change, notifications (docs/design/21-pocket.md), news (§25), her data and account deactivation. */
export function SettingsPage() {
  usePageTitle('Configuración');
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Configuración</h1>
      <SettingsSection id="cambiar-contrasena" title="Cambiar contraseña">
        <PasswordChange />
      </SettingsSection>
      <SettingsSection id="notificaciones" title="Notificaciones">
        <NotificationSettings />
      </SettingsSection>
      <SettingsSection id="novedades-eventos" title="Novedades">
        <NewsSetting />
      </SettingsSection>
      <SettingsSection id="interes-verificadas" title="Quién puede mostrarme interés">
        <VerifiedInterestSetting />
      </SettingsSection>
      <SettingsSection id="mis-datos" title="Mis datos">
        <DataDownload />
      </SettingsSection>
      <SettingsSection id="desactivar-cuenta" title="Desactivar cuenta">
        <Deactivation />
      </SettingsSection>
    </section>
  );
}

/** The ARCO access right (LFPDPPP): a copy of every personal datum, in one JSON file. */
function DataDownload() {
  const download = useDownloadMyData();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Descarga una copia de todos los datos personales que Cita guarda sobre ti: {exportContentsText()}.
      </p>
      <ErrorAlert error={download.error} />
      <Button
        type="button"
        variant="secondary"
        className="self-start"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Preparando…' : 'Descargar mis datos'}
      </Button>
    </div>
  );
}

function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6">
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PasswordChange() {
  const change = useChangePassword();
  const { register, handleSubmit, watch, reset, formState } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current: '', new: '' },
  });
  const [current, next] = watch(['current', 'new']);
  const onSubmit = handleSubmit((password) => change.mutate(password, { onSuccess: () => reset() }));
  return (
    // A refusal is about what was typed: once she edits, it no longer applies.
    <form
      onSubmit={onSubmit}
      onChange={() => change.isError && change.reset()}
      className="flex flex-col gap-4"
      noValidate
    >
      {change.isSuccess ? <Alert status="success" message={change.data.message} /> : null}
      <ErrorAlert error={change.error} />
      <Field
        id="password-current"
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        error={formState.errors.current?.message}
        {...register('current')}
      />
      <Field
        id="password-new"
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        error={formState.errors.new?.message}
        {...register('new')}
      />
      <Button type="submit" disabled={!current || !next || change.isPending}>
        {change.isPending ? 'Guardando…' : 'Cambiar contraseña'}
      </Button>
    </form>
  );
}

const deactivationSchema = z.object({ password: loginPasswordSchema });

function Deactivation() {
  const deactivate = useDeactivateAccount();
  const navigate = useNavigate();
  const { register, watch, formState, trigger, getValues } = useForm<z.input<typeof deactivationSchema>>({
    resolver: zodResolver(deactivationSchema),
    defaultValues: { password: '' },
  });
  const password = watch('password');

  async function confirmDeactivation() {
    if (!(await trigger())) return;
    deactivate.mutate(getValues('password'), {
      // The server ended the session; the layout forgets the person once '/' is shown.
      onSuccess: () => navigate('/', { state: LEFT_CLIENT_AREA }),
    });
  }

  return (
    <form
      onSubmit={(event) => event.preventDefault()}
      onChange={() => deactivate.isError && deactivate.reset()}
      className="flex flex-col gap-4"
      noValidate
    >
      <p className="text-muted">{DEACTIVATION_WARNING}</p>
      <ErrorAlert error={deactivate.error} />
      <Field
        id="deactivate-password"
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <ConfirmDialog
        title="Desactivar cuenta"
        question="¿Deseas desactivar tu cuenta? Toda tu información se eliminará y no podrás volver a entrar con este correo. Esta acción no se puede deshacer."
        confirmLabel="Desactivar cuenta"
        destructive
        onConfirm={confirmDeactivation}
        trigger={
          <Button variant="danger" disabled={!password || deactivate.isPending}>
            {deactivate.isPending ? 'Desactivando…' : 'Desactivar cuenta'}
          </Button>
        }
      />
    </form>
  );
}
