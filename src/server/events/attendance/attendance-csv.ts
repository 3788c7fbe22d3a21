import { stringify } from 'csv-stringify/sync';
import type { AdminAttendee } from '../../../shared/contracts/admin-events';
import { genderLabel } from '../../../shared/domain/genders';
import { ASSISTANCE_STATUS_LABELS } from '../../../shared/domain/statuses';

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+cmd|…`, `@SUM(…)`, or a tab
 * or CR first) is shown as text: a leading apostrophe, as OWASP advises for CSV injection.
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The attendance list as CSV for Excel: UTF-8 with a BOM so accents open correctly, and no cell
 * that a member typed can run as a formula (docs/design/13-trust.md).
 */
export function attendanceCsv(attendees: AdminAttendee[]): string {
  return stringify(
    attendees.map((attendee) => [
      attendee.client,
      attendee.email,
      attendee.phone,
      attendee.instagram,
      genderLabel(attendee.gender),
      ASSISTANCE_STATUS_LABELS[attendee.status_id] ?? '',
      attendee.position === null ? '' : String(attendee.position),
      attendee.contacted ? 'Sí' : 'No',
      attendee.checked_in ? 'Sí' : 'No',
    ]),
    {
      bom: true,
      header: true,
      cast: { string: neutraliseCsvCell },
      columns: [
        'Nombre',
        'Correo',
        'Teléfono',
        'Instagram',
        'Género',
        'Estado',
        'Lugar en espera',
        'Contactado',
        'Llegó',
      ],
      record_delimiter: 'windows',
    },
  );
}
