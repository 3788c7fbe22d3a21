import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

const LOOKS = {
  /** A full-height sheet on phones, a centred card on desktop. */
  card: {
    content:
      'fixed inset-0 z-50 overflow-y-auto bg-white p-6 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
    title: 'text-lg font-semibold',
  },
  /** A panel on the right; the whole screen on phones. */
  side: {
    content:
      'fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto bg-white p-6 shadow-xl',
    title: 'text-2xl font-bold',
  },
} as const;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** Accessible modal (Radix Dialog) with a title and a close button. */
export function Modal({
  look = 'card',
  open,
  onOpenChange,
  title,
  children,
}: ModalProps & { look?: keyof typeof LOOKS }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content aria-describedby={undefined} className={LOOKS[look].content}>
          <div className="mb-4 flex items-center justify-between gap-4">
            <Dialog.Title className={LOOKS[look].title}>{title}</Dialog.Title>
            <Dialog.Close className="rounded-full p-1 hover:bg-black/5" aria-label="Cerrar">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The same dialog sliding in from the right, for a person's full profile. */
export function SidePanel(props: ModalProps) {
  return <Modal {...props} look="side" />;
}
