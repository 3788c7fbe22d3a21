import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../shared/contracts/trust';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { inputClass } from './ui/field';
import { SelectField } from './ui/select-field';

/** The reason, the optional comment and the send button of every report form (a person, a message). */
export function ReportFields({
  id,
  reason,
  onReasonChange,
  text,
  onTextChange,
  error,
  pending,
}: {
  id: string;
  reason: ReportReason;
  onReasonChange: (reason: ReportReason) => void;
  text: string;
  onTextChange: (text: string) => void;
  error: unknown;
  pending: boolean;
}) {
  return (
    <>
      <SelectField
        label="Motivo"
        name="reason"
        value={reason}
        onChange={(event) => onReasonChange(event.target.value as ReportReason)}
        options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Cuéntanos qué pasó (opcional)
        </label>
        <textarea
          id={id}
          className={inputClass}
          rows={3}
          maxLength={REPORT_TEXT_MAX}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <ErrorAlert error={error} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Enviando…' : 'Enviar reporte'}
      </Button>
    </>
  );
}
