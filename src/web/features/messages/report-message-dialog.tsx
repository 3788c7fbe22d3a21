import { useState } from 'react';
import type { Message } from '../../../shared/contracts/messages';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../shared/contracts/trust';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { useReportMessage } from './api';

/** "Reportar mensaje": the message goes to the safety team with its text as evidence (design.md §13). */
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
          <SelectField
            label="Motivo"
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
            options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="report-message-text" className="text-sm font-medium">
              Cuéntanos qué pasó (opcional)
            </label>
            <textarea
              id="report-message-text"
              className={inputClass}
              rows={3}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <ErrorAlert error={report.error} />
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? 'Enviando…' : 'Enviar reporte'}
          </Button>
        </form>
      ) : null}
    </Modal>
  );
}
