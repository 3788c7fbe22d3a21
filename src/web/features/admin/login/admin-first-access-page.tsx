import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '../../../../shared/contracts/common';
import { apiPost, rememberSessionHint } from '../../../api/client';
import { type Banner, BannerSlot, bannerFrom } from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { usePageTitle } from '../../../components/use-page-title';

const choosePasswordSchema = z.object({ password: passwordSchema });

/**
 * /admin/primer-acceso#<token>: the one-time link `cita setup` prints (decision 0049). The first
 * admin chooses her password and is signed in; the token rides in the fragment, so no server
 * or proxy log ever sees it.
 */
export function AdminFirstAccessPage() {
  usePageTitle('Primer acceso');
  const token = useLocation().hash.slice(1);
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner>(null);
  const { register, handleSubmit, watch, formState } = useForm<z.input<typeof choosePasswordSchema>>({
    resolver: zodResolver(choosePasswordSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setBanner(null);
    try {
      const response = await apiPost('admin/first-access', { token, password });
      rememberSessionHint('admin', response.admin_id);
      navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      setBanner(bannerFrom(error));
    }
  });
  return (
    <section className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Primer acceso</h1>
      <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
        <p className="text-slate-600">Elige la contraseña con la que entrarás a la administración de Cita.</p>
        <BannerSlot banner={banner} />
        <Field
          label="Contraseña nueva"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={!watch('password') || formState.isSubmitting}>
          {formState.isSubmitting ? 'Guardando…' : 'Guardar y entrar'}
        </Button>
      </form>
    </section>
  );
}
