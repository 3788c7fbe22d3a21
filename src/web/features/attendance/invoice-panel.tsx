import { FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { FiscalProfile } from '../../../shared/contracts/invoices';
import { personaOfRfc, RFC_SHAPE, regimesFor, usesFor } from '../../../shared/domain/cfdi';
import { formatDate } from '../../../shared/domain/mexico-dates';
import { useFiscalProfile, useInvoicePlace, useMyInvoice } from '../../api/my-invoice';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';

const EMPTY: FiscalProfile = { rfc: '', name: '', regime: '601', zip: '', use: 'G03', email: '' };

/**
 * «Facturar» on a paid ticket (docs/design/28-facturas.md): until the receipt's period ends she writes her
 * fiscal data as on her Constancia; the régimen list follows the RFC (física or moral) and the
 * usos follow the régimen. Once issued, her PDF and XML are a tap away.
 */
export function InvoicePanel({ assistanceId }: { assistanceId: number }) {
  const invoice = useMyInvoice(assistanceId, true);
  const [open, setOpen] = useState(false);
  if (!invoice.data) return null;
  const { state, self_invoice_until: until, pdf_url: pdfUrl, xml_url: xmlUrl } = invoice.data;
  if (state === 'invoiced' && pdfUrl && xmlUrl) {
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-cream p-3 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <FileText className="size-4 shrink-0" aria-hidden /> Facturado
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={pdfUrl} download className={buttonClass('secondary', 'min-h-11')}>
            Descargar PDF
          </a>
          <a href={xmlUrl} download className={buttonClass('secondary', 'min-h-11')}>
            Descargar XML
          </a>
        </div>
      </div>
    );
  }
  if (state === 'pending')
    return <p className="text-sm text-muted">Tu recibo para facturar se está generando…</p>;
  if (state === 'in_global')
    return <p className="text-sm text-muted">Este pago ya entró en la factura global del periodo.</p>;
  if (state !== 'receipt') return null;
  return open ? (
    <InvoiceForm assistanceId={assistanceId} onCancel={() => setOpen(false)} />
  ) : (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" className="min-h-11 self-start" onClick={() => setOpen(true)}>
        Facturar
      </Button>
      <p className="text-xs text-muted">Puedes pedir tu factura hasta el {formatDate(until)}.</p>
    </div>
  );
}

function InvoiceForm({ assistanceId, onCancel }: { assistanceId: number; onCancel: () => void }) {
  const profile = useFiscalProfile(true);
  const invoicePlace = useInvoicePlace(assistanceId);
  const [edited, setEdited] = useState<FiscalProfile | null>(null);
  const fiscal = edited ?? profile.data ?? EMPTY;
  const rfc = fiscal.rfc.trim().toUpperCase();
  const regimes = regimesFor(
    RFC_SHAPE.test(rfc) ? personaOfRfc(rfc) : rfc.length === 12 ? 'moral' : 'fisica',
  );
  const regime = regimes.some((option) => option.code === fiscal.regime) ? fiscal.regime : regimes[0]!.code;
  const uses = usesFor(regime);
  const use = uses.some((option) => option.code === fiscal.use) ? fiscal.use : uses[0]!.code;
  const change = (field: keyof FiscalProfile) => (event: { target: { value: string } }) =>
    setEdited({ ...fiscal, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invoicePlace.mutate({ ...fiscal, rfc, regime, use });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl bg-cream p-3"
      aria-label="Datos para tu factura"
    >
      <p className="text-sm">Escribe tus datos como aparecen en tu Constancia de Situación Fiscal.</p>
      <Field
        label="RFC"
        name="rfc"
        value={fiscal.rfc}
        onChange={change('rfc')}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={13}
        required
      />
      <Field
        label="Nombre o razón social"
        name="name"
        value={fiscal.name}
        onChange={change('name')}
        required
      />
      <SelectField
        label="Régimen fiscal"
        name="regime"
        value={regime}
        onChange={change('regime')}
        options={regimes.map((option) => ({ value: option.code, label: `${option.code} · ${option.name}` }))}
      />
      <Field
        label="Código postal de tu domicilio fiscal"
        name="zip"
        value={fiscal.zip}
        onChange={change('zip')}
        inputMode="numeric"
        maxLength={5}
        required
      />
      <SelectField
        label="Uso de la factura"
        name="use"
        value={use}
        onChange={change('use')}
        options={uses.map((option) => ({ value: option.code, label: `${option.code} · ${option.name}` }))}
      />
      <Field
        label="Correo para recibirla"
        name="email"
        type="email"
        value={fiscal.email}
        onChange={change('email')}
        required
      />
      <ErrorAlert error={invoicePlace.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" disabled={invoicePlace.isPending}>
          {invoicePlace.isPending ? 'Emitiendo…' : 'Emitir factura'}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
