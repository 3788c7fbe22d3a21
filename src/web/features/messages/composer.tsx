import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGE_TEXT_MAX } from '../../../shared/contracts/messages';

/** The counter shows from here on, so the limit never surprises. */
const COUNTER_FROM = MESSAGE_TEXT_MAX - 200;
const count = new Intl.NumberFormat('es-MX');

/**
 * The box at the foot of a conversation, held above the phone's keyboard (fixed to the bottom of
 * the viewport, which `interactive-widget=resizes-content` shrinks to what the keyboard leaves).
 * Enter sends, Shift+Enter starts a new line.
 */
export function Composer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // On a conversation rendered by the server (decision 0044) she may type before the app is live:
  // the box shows it, and the app takes it before anything (a held Enter) is sent.
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, []);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_TEXT_MAX;
  const canSend = trimmed.length > 0 && !tooLong;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(trimmed);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes a word, Enter picks it; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      onSubmit={send}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-black/5 bg-cream/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] backdrop-blur"
    >
      <div className="mx-auto flex max-w-2xl items-end gap-2">
        <textarea
          ref={box}
          aria-label="Escribe un mensaje"
          placeholder="Escribe un mensaje"
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-black/10 bg-white px-4 py-2.5 text-base"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Enviar"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-white disabled:opacity-40"
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </div>
      {trimmed.length >= COUNTER_FROM ? (
        <p
          aria-live="polite"
          className={`mx-auto mt-1 max-w-2xl text-right text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-muted'}`}
        >
          {count.format(trimmed.length)} / {count.format(MESSAGE_TEXT_MAX)}
        </p>
      ) : null}
    </form>
  );
}
