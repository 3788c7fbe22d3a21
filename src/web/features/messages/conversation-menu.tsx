import type { Conversation } from '../../../shared/contracts/messages';
import { ContactLinks } from '../../components/contact-links';
import { SafetyActions } from '../../components/safety-actions';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useShareContact } from './api';

/**
 * The conversation's menu: contact details by mutual consent, then reporting and blocking the person.
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
        <section aria-labelledby="menu-contact">
          <h3 id="menu-contact" className="font-semibold">
            Compartir mi contacto
          </h3>
          <ContactShare conversation={conversation} />
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

/**
 * "Compartir mi contacto" (docs/design/26-contact.md): says plainly what it hands over and that it cannot be
 * taken back; each person's contact shows to the other only after both pressed it.
 */
export function ContactShare({ conversation }: { conversation: Conversation }) {
  const share = useShareContact(conversation.id);
  const name = conversation.other.name;
  if (conversation.contact_shared) {
    return (
      <>
        <p className="mt-1 text-sm text-muted">Los dos compartieron su contacto.</p>
        <ContactLinks contact={conversation} name={name} />
      </>
    );
  }
  if (conversation.shared_by_me) {
    return (
      <p className="mt-1 text-sm text-muted">
        Compartiste tu contacto. Verás el de {name} cuando también elija compartirlo; hasta entonces ninguno
        ve el del otro.
      </p>
    );
  }
  return (
    <div className="mt-1 flex flex-col gap-2 text-sm text-muted">
      {conversation.shared_by_other ? (
        <p className="font-semibold text-ink">
          {name} ya compartió su contacto. Si compartes el tuyo, {name} verá el teléfono, el WhatsApp y el
          Instagram de tu perfil, y tú verás los suyos.
        </p>
      ) : (
        <p>
          Si los dos lo comparten, {name} verá el teléfono, el WhatsApp y el Instagram de tu perfil, y tú
          verás los suyos. Mientras uno de los dos no lo comparta, ninguno ve nada.
        </p>
      )}
      <p>
        Una vez que {name} los vea, podrá guardarlos: aunque después termines la conversación o la bloquees,
        no podrás borrarlos de su memoria ni de su teléfono.
      </p>
      <ErrorAlert error={share.error} />
      <Button
        variant="secondary"
        className="self-start"
        disabled={share.isPending || conversation.closed}
        onClick={() => share.mutate()}
      >
        Compartir mi contacto
      </Button>
    </div>
  );
}
