/**
 * The parts of the SAT's CFDI 4.0 catalogs a ticket's invoice uses (docs/design/28-facturas.md,
 * docs/decisions/0068): régimen fiscal (c_RegimenFiscal) with whom it applies to, and uso de CFDI
 * (c_UsoCFDI) with the regímenes that may receive it, as the Anexo 20 catalogs publish them.
 */

export type Persona = 'fisica' | 'moral';

export const TAX_REGIMES = [
  { code: '601', name: 'General de Ley Personas Morales', fisica: false, moral: true },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { code: '605', name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { code: '606', name: 'Arrendamiento', fisica: true, moral: false },
  { code: '607', name: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { code: '608', name: 'Demás ingresos', fisica: true, moral: false },
  { code: '611', name: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  {
    code: '612',
    name: 'Personas Físicas con Actividades Empresariales y Profesionales',
    fisica: true,
    moral: false,
  },
  { code: '614', name: 'Ingresos por intereses', fisica: true, moral: false },
  { code: '615', name: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { code: '616', name: 'Sin obligaciones fiscales', fisica: true, moral: false },
  {
    code: '620',
    name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    fisica: false,
    moral: true,
  },
  { code: '621', name: 'Incorporación Fiscal', fisica: true, moral: false },
  {
    code: '622',
    name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    fisica: false,
    moral: true,
  },
  { code: '623', name: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { code: '624', name: 'Coordinados', fisica: false, moral: true },
  {
    code: '625',
    name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    fisica: true,
    moral: false,
  },
  { code: '626', name: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
] as const;

export type TaxRegimeCode = (typeof TAX_REGIMES)[number]['code'];
export const TAX_REGIME_CODES = TAX_REGIMES.map((regime) => regime.code) as [
  TaxRegimeCode,
  ...TaxRegimeCode[],
];

/** The regímenes that may receive a deductible expense (G01, G03 in c_UsoCFDI). */
const BUSINESS_REGIMES: readonly string[] = [
  '601',
  '603',
  '606',
  '612',
  '620',
  '621',
  '622',
  '623',
  '624',
  '625',
  '626',
];

/**
 * The usos a ticket may carry: an expense of the business, a purchase, or none (S01). The
 * personal deductions (D01–D10), payments (CP01) and payroll (CN01) never describe a night out.
 */
export const CFDI_USES = [
  { code: 'G03', name: 'Gastos en general', regimes: BUSINESS_REGIMES },
  { code: 'G01', name: 'Adquisición de mercancías', regimes: BUSINESS_REGIMES },
  {
    code: 'S01',
    name: 'Sin efectos fiscales',
    regimes: TAX_REGIME_CODES as readonly string[],
  },
] as const;

export type CfdiUseCode = (typeof CFDI_USES)[number]['code'];
export const CFDI_USE_CODES = CFDI_USES.map((use) => use.code) as [CfdiUseCode, ...CfdiUseCode[]];

/** Persona física RFCs have 13 characters (four letters), morales 12 (three). */
export function personaOfRfc(rfc: string): Persona {
  return rfc.length === 13 ? 'fisica' : 'moral';
}

export function regimesFor(persona: Persona) {
  return TAX_REGIMES.filter((regime) => regime[persona]);
}

export function usesFor(regime: string) {
  return CFDI_USES.filter((use) => use.regimes.includes(regime));
}

export function regimeName(code: string): string {
  return TAX_REGIMES.find((regime) => regime.code === code)?.name ?? code;
}

/** The SAT's generic RFCs (Anexo 20): público en general, and foreign residents. */
export const GENERIC_RFC = 'XAXX010101000';
export const FOREIGN_RFC = 'XEXX010101000';

/** How often the global invoice closes (InformacionGlobal's Periodicidad 01–04). */
export const INVOICE_PERIODS = ['day', 'week', 'fortnight', 'month'] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];

/** The shape of an RFC: 3 (moral) or 4 (física) letters, the date, the 3-character homoclave. */
export const RFC_SHAPE = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;
