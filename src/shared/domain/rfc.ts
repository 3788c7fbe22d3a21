import { Rfc } from '@nodecfdi/rfc';
import { FOREIGN_RFC, GENERIC_RFC, RFC_SHAPE } from './cfdi';

/**
 * An RFC checked by @nodecfdi/rfc (structure, date and check digit, docs/decisions/0068): the
 * reason in Spanish when it cannot be used on an invoice, null when it can. Server side only: the
 * library brings luxon, which the web does not need for a shape check.
 */
export function rfcProblem(raw: string): string | null {
  const rfc = raw.trim().toUpperCase();
  if (rfc === GENERIC_RFC)
    return 'XAXX010101000 es el RFC genérico de «público en general»: tu compra ya entra en la factura global del organizador. Para facturar a tu nombre escribe tu propio RFC';
  if (rfc === FOREIGN_RFC)
    return 'XEXX010101000 es el RFC genérico de residentes en el extranjero y no sirve para facturar un boleto en México: escribe tu propio RFC';
  if (!RFC_SHAPE.test(rfc))
    return 'El RFC no tiene la forma correcta: 13 caracteres para personas físicas (4 letras, fecha AAMMDD y homoclave) o 12 para morales (3 letras)';
  if (!Rfc.unparsed(rfc).doesCheckSumMatch())
    return 'El RFC no es válido: su último carácter (dígito verificador) no corresponde; revísalo en tu Constancia de Situación Fiscal';
  if (Rfc.parseOrNull(rfc) === null) return 'El RFC no es válido: la fecha que contiene no existe';
  return null;
}

/** For the organizer's own RFC in the settings: a valid, non-generic RFC. */
export function isIssuerRfc(rfc: string): boolean {
  return rfcProblem(rfc) === null;
}
