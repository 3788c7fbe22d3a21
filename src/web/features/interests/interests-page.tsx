import { Link } from 'react-router';
import { useMyInterests } from '../../api/interests';
import { InterestList } from '../../components/interest-list';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { MutualPairs } from '../matches/mutual-pairs';
import { PushOffer } from '../notifications/push-offer';
import { useRemoveInterest } from './api';

/** /intereses: the client's mutual and one-way interests, each removable after a confirmation. */
export function InterestsPage() {
  usePageTitle('Mis intereses');
  const interests = useMyInterests();
  const remove = useRemoveInterest();
  const mutual = interests.data?.mutual ?? [];
  const interested = interests.data?.interested ?? [];

  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mis intereses</h1>
      <div className="mt-6 flex flex-col gap-3 empty:hidden">
        <PushOffer />
        {remove.isSuccess ? <Alert status="success" message={remove.data.message} /> : null}
        <ErrorAlert error={remove.error} />
      </div>
      {interests.isPending ? (
        <Spinner label="Cargando tus intereses…" />
      ) : interests.isError ? (
        <div className="mt-6">
          <ErrorAlert error={interests.error} />
        </div>
      ) : mutual.length === 0 && interested.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">
          No hay personas de tu interés,{' '}
          <Link to="/personas" className="text-accent underline">
            busca personas que te puedan interesar
          </Link>
          .
        </p>
      ) : (
        <>
          <MutualPairs
            entries={mutual}
            onRemove={(entry) => remove.mutate({ id: entry.id, statusId: 1 })}
            removing={remove.isPending}
          />
          <InterestList
            title="Me interesan"
            hint="Si también les interesas, pasarán a «Es mutuo» y te avisaremos por correo."
            empty="No hay personas de tu interés, busca personas que te puedan interesar."
            entries={interested}
            onRemove={(entry) => remove.mutate({ id: entry.id, statusId: 0 })}
            removing={remove.isPending}
          />
        </>
      )}
    </section>
  );
}
