import { useState } from 'react';
import type { ReportReason } from '../../shared/contracts/trust';
import { useBlockPerson, useReportPerson } from '../api/safety';
import { ReportFields } from './report-fields';
import { Alert, ErrorAlert } from './ui/alert';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { Modal } from './ui/modal';

/**
 * "Reportar" and "Bloquear" wherever a member sees another (docs/design/13-trust.md). Blocking asks first
 * and then hides the person everywhere; the person is not told.
 */
export function SafetyActions({
  targetClientId,
  name,
  onBlocked,
}: {
  targetClientId: number;
  name: string;
  onBlocked?: () => void;
}) {
  const block = useBlockPerson();
  const [reporting, setReporting] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <ErrorAlert error={block.error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" type="button" onClick={() => setReporting(true)}>
          Reportar
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" type="button" disabled={block.isPending}>
              Bloquear
            </Button>
          }
          title={`Bloquear a ${name}`}
          question={`Ya no verás a ${name} ni ${name} te verá a ti, y sus intereses mutuos terminan. No le avisaremos.`}
          confirmLabel="Bloquear"
          destructive
          onConfirm={() => block.mutate(targetClientId, { onSuccess: () => onBlocked?.() })}
        />
      </div>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        targetClientId={targetClientId}
        name={name}
      />
    </div>
  );
}

function ReportDialog({
  open,
  onClose,
  targetClientId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  targetClientId: number;
  name: string;
}) {
  const report = useReportPerson();
  const [reason, setReason] = useState<ReportReason>('fake');
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          report.reset();
          onClose();
        }
      }}
      title={`Reportar a ${name}`}
    >
      {report.isSuccess ? (
        <Alert status="success" message={report.data.message} />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate({ target_client_id: targetClientId, reason, text });
          }}
        >
          <ReportFields
            id="report-text"
            reason={reason}
            onReasonChange={setReason}
            text={text}
            onTextChange={setText}
            error={report.error}
            pending={report.isPending}
          />
        </form>
      )}
    </Modal>
  );
}
