import { describe, expect, it } from 'vitest';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';
import { lastMailTo } from '../../support/outbox';

const { testApp, pac, paidPlace } = setUpInvoicesApp({ seedDemo: false });

const COMPANY = TEST_COMPANY;

describe('client/invoice/add: she invoices her paid place', () => {
  it('refuses what the SAT would refuse, each time saying what to fix', async () => {
    const { member, assistanceId } = await paidPlace();
    const add = (fiscal: Partial<typeof COMPANY>) =>
      member.agent.post('client/invoice/add', {
        assistance_id: assistanceId,
        fiscal: { ...COMPANY, ...fiscal },
      });
    const generic = await add({ rfc: 'XAXX010101000', regime: '616', use: 'S01' });
    expect(generic.statusCode).toBe(400);
    expect(generic.body.message).toContain('público en general');
    expect((await add({ rfc: 'XEXX010101000' })).body.message).toContain('residentes en el extranjero');
    const digit = await add({ rfc: 'EKU9003173C8' });
    expect(digit.statusCode).toBe(400);
    expect(digit.body.message).toContain('dígito verificador');
    const shape = await add({ rfc: 'EKU-900317' });
    expect(shape.statusCode).toBe(400);
    expect(shape.body.message).toContain('forma correcta');
    const regime = await add({ regime: '605' });
    expect(regime.statusCode).toBe(400);
    expect(regime.body.message).toContain('no corresponde a una persona moral');
    const person = await add({ rfc: 'COSC8001137NA', name: 'CARLOS COSS', regime: '605', use: 'G03' });
    expect(person.statusCode).toBe(400);
    expect(person.body.message).toContain('no aplica a tu régimen fiscal 605');
    // The PAC's own refusal (the SAT's list of taxpayers) comes back in Spanish, saying what to fix.
    const name = await add({ name: 'KEMPER SA DE CV' });
    expect(name.statusCode).toBe(422);
    expect(name.body.message).toContain('Constancia de Situación Fiscal');
    const zip = await add({ zip: '06000' });
    expect(zip.statusCode).toBe(422);
    expect(zip.body.message).toContain('código postal');
    expect(pac().invoices()).toHaveLength(0);
    const state = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(state.body.invoice.state).toBe('receipt');
  });

  it('issues her CFDI, keeps her profile, lets only her download the PDF and XML, and mails them', async () => {
    const { member, assistanceId } = await paidPlace(40000);
    const answer = await member.agent.post('client/invoice/add', {
      assistance_id: assistanceId,
      fiscal: { ...COMPANY, rfc: 'eku9003173c9' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.invoice).toMatchObject({
      state: 'invoiced',
      pdf_url: expect.stringMatching(/^\/api\//),
    });
    const profile = await member.agent.post('client/fiscal-profile/get');
    expect(profile.body.profile).toEqual(COMPANY);

    const pdf = await member.agent.get(answer.body.invoice.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    const xml = await member.agent.get(answer.body.invoice.xml_url);
    expect(xml.body).toContain('SIN VALIDEZ FISCAL');
    expect(xml.body).toContain('Version="4.0"');
    expect(xml.body).toContain('Rfc="EKU9003173C9"');
    expect(xml.body).toContain('UsoCFDI="G03"');
    expect(xml.body).toContain('Total="400.00"');
    expect(xml.body).toContain('TasaOCuota="0.160000" Importe="55.17"');

    const stranger = (await paidPlace()).member;
    expect((await stranger.agent.get(answer.body.invoice.pdf_url)).statusCode).toBe(404);
    expect((await testApp.agent().get(answer.body.invoice.pdf_url)).statusCode).toBe(401);

    const mail = await lastMailTo(testApp.config.dataDir, COMPANY.email, (sent) =>
      sent.subject!.startsWith('Tu factura'),
    );
    expect(mail.attachments.map((file) => file.filename)).toEqual([
      expect.stringMatching(/\.pdf$/),
      expect.stringMatching(/\.xml$/),
    ]);
    // Asking again answers the same invoice: nothing new at the PAC.
    const count = pac().invoices().length;
    const again = await member.agent.post('client/invoice/add', {
      assistance_id: assistanceId,
      fiscal: COMPANY,
    });
    expect(again.body.invoice).toEqual(answer.body.invoice);
    expect(pac().invoices()).toHaveLength(count);
  });

  it('gives one invoice for two «Facturar» at once', async () => {
    const { member, assistanceId } = await paidPlace();
    const before = pac().invoices().length;
    const body = { assistance_id: assistanceId, fiscal: COMPANY };
    const answers = await Promise.all([
      member.agent.post('client/invoice/add', body),
      member.agent.post('client/invoice/add', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(pac().invoices().length - before).toBe(1);
    const documents = await testApp.app.db
      .selectFrom('invoice_documents')
      .select('state')
      .where('kind', '=', 'invoice')
      .where('client_id', '=', member.id)
      .execute();
    expect(documents).toEqual([{ state: 'issued' }]);
  });
});
