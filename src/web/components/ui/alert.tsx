import { clsx } from 'clsx';
import type { EnvelopeStatus } from '../../../shared/contracts/common';
import { errorMessage, errorStatus } from '../../api/client';

const STYLES: Record<EnvelopeStatus, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  danger: 'border-red-300 bg-red-50 text-red-900',
};

/** The banner of the error catalogue: the server's status as style, its message as text. */
export function Alert({ status, message }: { status: EnvelopeStatus; message: string }) {
  return (
    <div
      role={status === 'success' ? 'status' : 'alert'}
      className={clsx('rounded-lg border px-4 py-3 text-sm', STYLES[status])}
    >
      {message}
    </div>
  );
}

/** A failed call's banner (spec §8); nothing while there is no error. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return <Alert status={errorStatus(error)} message={errorMessage(error)} />;
}
