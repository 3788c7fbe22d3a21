import { MessageCircle } from 'lucide-react';
import type { Conversation } from '../../../shared/contracts/messages';
import { SafetyActions } from '../../components/safety-actions';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useShareWhatsapp } from './api';

/**
 * The conversation's menu: WhatsApp by mutual consent, then reporting and blocking the person.
 * A message is reported from its own bubble.
 */
export function ConversationMenu({
  conversation,
  open,
  onOpenChange,
  onBlocked,
}: {
  conversation: Conversation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked: () => void;
}) {
  const name = conversation.other.name;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Opciones de la conversación">
      <div className="flex flex-col gap-6">
        <section aria-labelledby="menu-whatsapp">
          <h3 id="menu-whatsapp" className="font-semibold">
            WhatsApp
          </h3>
          <WhatsappShare conversation={conversation} />
        </section>
        {conversation.other.client_id > 0 ? (
          <section aria-labelledby="menu-safety">
            <h3 id="menu-safety" className="mb-2 font-semibold">
              Seguridad
            </h3>
            <SafetyActions targetClientId={conversation.other.client_id} name={name} onBlocked={onBlocked} />
          </section>
        ) : null}
      </div>
    </Modal>
  );
}

/** Each person's number shows to the other only after both chose to share it. */
export function WhatsappShare({ conversation }: { conversation: Conversation }) {
  const share = useShareWhatsapp(conversation.id);
  const name = conversation.other.name;
  if (conversation.whatsapp) {
    return (
      <a
        href={conversation.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-flex items-center gap-2 rounded-full bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700"
      >
        <MessageCircle className="size-4" aria-hidden /> Escríbele por WhatsApp
      </a>
    );
  }
  if (conversation.shared_by_me) {
    return <p className="mt-1 text-sm text-muted">Esperando a que {name} comparta su WhatsApp.</p>;
  }
  return (
    <div className="mt-1 flex flex-col gap-2">
      <p className="text-sm text-muted">
        Tu número se mostrará a {name} solo cuando los dos hayan elegido compartirlo.
      </p>
      <ErrorAlert error={share.error} />
      <Button
        variant="secondary"
        className="self-start"
        disabled={share.isPending || conversation.closed}
        onClick={() => share.mutate()}
      >
        Compartir mi WhatsApp
      </Button>
    </div>
  );
}
