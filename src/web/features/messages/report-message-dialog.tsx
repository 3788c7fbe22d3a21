import { useState } from 'react';
import type { Message } from '../../../shared/contracts/messages';
import type { ReportReason } from '../../../shared/contracts/trust';
import { ReportFields } from '../../components/report-fields';
import { Alert } from '../../components/ui/alert';
import { Modal } from '../../components/ui/modal';
import { useReportMessage } from './api';

/** "Reportar mensaje": the message goes to the safety team with its text as evidence (docs/design/13-trust.md). */
export function ReportMessageDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const report = useReportMessage();
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [text, setText] = useState('');
  return (
    <Modal
      open={message !== null}
      onOpenChange={(open) => {
        if (open) return;
        report.reset();
        setText('');
        onClose();
      }}
      title="Reportar mensaje"
    >
      {report.isSuccess ? (
        <Alert status="success" message={report.data.message} />
      ) : message ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate({ message_id: message.id, reason, ...(text.trim() ? { text } : {}) });
          }}
        >
          <blockquote className="rounded-xl bg-black/5 px-4 py-3 text-sm break-words whitespace-pre-wrap">
            {message.text}
          </blockquote>
          <ReportFields
            id="report-message-text"
            reason={reason}
            onReasonChange={setReason}
            text={text}
            onTextChange={setText}
            error={report.error}
            pending={report.isPending}
          />
        </form>
      ) : null}
    </Modal>
  );
}
