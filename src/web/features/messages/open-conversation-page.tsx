import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { apiPost } from '../../api/client';
import { ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';

/**
 * /mensajes/con/:clientId: where "Mensaje" on a mutual pair leads (the pair knows the person, not
 * the conversation). It finds her conversation with that person in her list, page by page (a
 * member has few mutual pairs), and opens it.
 */
export function OpenConversationPage() {
  usePageTitle('Mensajes');
  const otherClientId = Number(useParams().clientId);
  const found = useQuery({
    queryKey: ['messages', 'with', otherClientId],
    queryFn: () => findConversationWith(otherClientId),
  });
  if (found.isPending) return <Spinner label="Abriendo la conversación…" />;
  if (found.data) return <Navigate to={`/mensajes/${found.data}`} replace />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-6">
      {found.isError ? (
        <ErrorAlert error={found.error} />
      ) : (
        <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-black/5">
          No encontramos una conversación con esta persona.
        </p>
      )}
      <Link to="/mensajes" className="mt-4 inline-block text-accent underline">
        Ver mis mensajes
      </Link>
    </section>
  );
}

async function findConversationWith(otherClientId: number): Promise<number | null> {
  let before: string | undefined;
  for (;;) {
    const page = await apiPost('client/conversations/get', before ? { before } : {});
    const match = page.conversations.find((conversation) => conversation.other.client_id === otherClientId);
    if (match) return match.id;
    const last = page.conversations.at(-1);
    if (!page.more || !last) return null;
    before = last.cursor;
  }
}
