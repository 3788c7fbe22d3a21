import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatPhone } from '../../../src/shared/domain/phone-display';
import { anyPhoneForm, newPerson } from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';
import {
  conversationId,
  eraseThroughApi,
  mutualPair,
  PHONE,
  phoneFor,
  sendThroughApi,
  storedTexts,
} from './helpers';

test.use({ viewport: PHONE });

function bubbles(page: Page) {
  return page.getByRole('list', { name: 'Mensajes' }).getByRole('listitem');
}

/** The text a sighted person reads on the element: its rendered text nodes, without visually hidden ones. */
function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement!.getBoundingClientRect();
      if (node.parentElement!.checkVisibility() && box.width > 1 && box.height > 1)
        parts.push(node.textContent!);
    }
    return parts.join(' ');
  });
}

/** A name that starts with `text`, however the two space their words. */
function startsWithText(text: string): RegExp {
  const characters = [...text.replace(/\s+/g, '')].map((character) =>
    character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^\\s*${characters.join('\\s*')}`);
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Escribe un mensaje' });
}

test('dos personas con interés mutuo se escriben en vivo y, tras perder la conexión, ella ve lo que se perdió una sola vez y en orden', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const mine = await phoneFor(browser, baseURL!, her);
  const theirs = await phoneFor(browser, baseURL!, other);

  // "Mensaje" on the mutual pair of /intereses opens their conversation, straight by its id.
  const ours = await conversationId(baseURL!, her, other);
  const message = mine.page.getByRole('link', { name: `Mensaje a ${other.fullName}` });
  await expect(message).toHaveAttribute('href', `/mensajes/${ours}`);
  await message.click();
  await expect(mine.page).toHaveURL(new RegExp(`/mensajes/${ours}$`));
  await expect(mine.page.getByRole('heading', { level: 1, name: other.card })).toBeVisible();

  await theirs.page.goto('/mensajes');
  await theirs.page.getByRole('link', { name: her.card }).click();
  await expect(theirs.page.getByRole('heading', { level: 1, name: her.card })).toBeVisible();

  await composer(mine.page).fill('Hola, ¿cómo estás?');
  await composer(mine.page).press('Enter');
  await expect(bubbles(theirs.page).filter({ hasText: 'Hola, ¿cómo estás?' })).toBeVisible();

  await composer(theirs.page).fill('¡Muy bien! ¿Vamos por un café?');
  await composer(theirs.page).press('Enter');
  await expect(bubbles(mine.page).filter({ hasText: '¡Muy bien! ¿Vamos por un café?' })).toBeVisible();
  // The other read it as it arrived: her message shows "Visto".
  await expect(bubbles(mine.page).filter({ hasText: 'Visto' })).toHaveCount(1);

  // She loses the network; the other writes twice meanwhile.
  await mine.context.setOffline(true);
  // The page has heard it is offline (its channel closes on that event) before the other writes.
  await mine.page.waitForFunction(() => !navigator.onLine);
  for (const text of ['¿El sábado a las 5?', 'Conozco un lugar en la Roma']) {
    await composer(theirs.page).fill(text);
    await composer(theirs.page).press('Enter');
    await expect(bubbles(theirs.page).filter({ hasText: text })).not.toContainText('Enviando');
  }
  await expect(bubbles(mine.page).filter({ hasText: '¿El sábado a las 5?' })).toHaveCount(0);

  await mine.context.setOffline(false);
  const caughtUp = bubbles(mine.page).filter({ hasText: /¿El sábado a las 5\?|Conozco un lugar en la Roma/ });
  await expect(caughtUp).toHaveCount(2);
  await expect(caughtUp.nth(0)).toContainText('¿El sábado a las 5?');
  await expect(caughtUp.nth(1)).toContainText('Conozco un lugar en la Roma');

  // Live again after the reconnection.
  await composer(theirs.page).fill('¿Te parece?');
  await composer(theirs.page).press('Enter');
  await expect(bubbles(mine.page).filter({ hasText: '¿Te parece?' })).toHaveCount(1);

  await mine.context.close();
  await theirs.context.close();
});

test('Enter envía y Mayús+Enter empieza una línea nueva', async ({ browser, baseURL }) => {
  const { her, other } = await mutualPair(baseURL!);
  const mine = await phoneFor(browser, baseURL!, her);
  // One conversation per pair: both people name it by the same id.
  const conversation = await conversationId(baseURL!, her, other);
  await mine.page.goto(`/mensajes/${conversation}`);

  await composer(mine.page).fill('Primera línea');
  await composer(mine.page).press('Shift+Enter');
  await composer(mine.page).pressSequentially('segunda línea');
  await expect(composer(mine.page)).toHaveValue('Primera línea\nsegunda línea');
  await expect(bubbles(mine.page)).toHaveCount(0);

  await composer(mine.page).press('Enter');
  await expect(composer(mine.page)).toHaveValue('');
  await expect(bubbles(mine.page).filter({ hasText: 'Primera línea' })).toHaveCount(1);
  await expect
    .poll(() => storedTexts(baseURL!, other, conversation))
    .toEqual(['Primera línea\nsegunda línea']);
  await mine.context.close();
});

test('cerca del límite de 2 000 caracteres aparece el contador, y pasado el límite no se puede enviar', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const mine = await phoneFor(browser, baseURL!, her);
  await mine.page.goto(`/mensajes/${await conversationId(baseURL!, her, other)}`);
  const send = mine.page.getByRole('button', { name: 'Enviar' });
  // Her focus starts the app (decision 0044); the counter counts what is typed once it is live.
  await composer(mine.page).focus();
  await mine.page.locator('#root[data-live]').waitFor({ state: 'attached' });

  await composer(mine.page).fill('a'.repeat(1500));
  await expect(mine.page.getByText('/ 2,000')).toHaveCount(0);
  await composer(mine.page).fill('a'.repeat(1950));
  await expect(mine.page.getByText('1,950 / 2,000')).toBeVisible();
  await expect(send).toBeEnabled();
  await composer(mine.page).fill('a'.repeat(2001));
  await expect(mine.page.getByText('2,001 / 2,000')).toBeVisible();
  await expect(send).toBeDisabled();
  await composer(mine.page).press('Enter');
  await expect(bubbles(mine.page)).toHaveCount(0);
  await mine.context.close();
});

test('un envío fallido muestra «No enviado · Reintentar» y el reintento lo guarda una sola vez', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const mine = await phoneFor(browser, baseURL!, her);
  const conversation = await conversationId(baseURL!, her, other);

  // The first send never reaches the server (the connection drops); the retry goes through.
  const ids: string[] = [];
  await mine.page.route('**/api/client/messages/send', async (route) => {
    ids.push((route.request().postDataJSON() as { client_message_id: string }).client_message_id);
    return ids.length === 1 ? route.abort('connectionreset') : route.continue();
  });
  await mine.page.goto(`/mensajes/${conversation}`);

  await composer(mine.page).fill('¿Llegó este mensaje?');
  await composer(mine.page).press('Enter');
  const retry = mine.page.getByRole('button', { name: 'No enviado · Reintentar' });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(bubbles(mine.page).filter({ hasText: '¿Llegó este mensaje?' })).toHaveCount(1);
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
  expect(await storedTexts(baseURL!, other, conversation)).toEqual(['¿Llegó este mensaje?']);
  await mine.context.close();
});

test('el encabezado muestra los mensajes sin leer y los actualiza en vivo', async ({ page, baseURL }) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, other, her);
  await sendThroughApi(baseURL!, other, conversation, 'Hola');
  await sendThroughApi(baseURL!, other, conversation, '¿Cómo va tu semana?');

  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await expect(page.getByRole('link', { name: 'Mensajes, 2 sin leer' })).toBeVisible();

  await sendThroughApi(baseURL!, other, conversation, '¿Sigues ahí?');
  await expect(page.getByRole('link', { name: 'Mensajes, 3 sin leer' })).toBeVisible();

  await page.getByRole('link', { name: 'Mensajes, 3 sin leer' }).click();
  const row = page.getByRole('list', { name: 'Conversaciones' }).getByRole('link', { name: other.card });
  await expect(row).toContainText('¿Sigues ahí?');
  await expect(row).toHaveAccessibleName(/3 sin leer$/);
  // Lighthouse's label-content-name-mismatch: the name a voice-control user reads aloud is the
  // row's visible text (name, time, last message), not a label of its own.
  await expect(row).toHaveAccessibleName(startsWithText(await visibleText(row)));
  await row.click();
  await expect(bubbles(page).filter({ hasText: '¿Sigues ahí?' })).toBeVisible();
  // Reading the conversation clears the badge.
  await expect(page.getByRole('link', { name: 'Mensajes', exact: true })).toBeVisible();
});

test('sin conversaciones, /mensajes invita a conocer personas y eventos', async ({ page, baseURL }) => {
  const loner = await newPerson(baseURL!);
  await loginAsClient(page, loner.email, FRESH_PASSWORD);
  await page.getByRole('link', { name: 'Mensajes', exact: true }).click();
  await expect(page).toHaveURL(/\/mensajes$/);
  await expect(page.getByText('Aún no tienes conversaciones.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver personas' })).toHaveAttribute('href', '/personas');
  await expect(page.getByRole('link', { name: 'Ver eventos' })).toHaveAttribute('href', '/eventos');
});

test('desde la conversación ella reporta un mensaje y bloquea; para él la conversación queda cerrada', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  await sendThroughApi(baseURL!, other, conversation, 'Mándame tu dirección ya');
  const mine = await phoneFor(browser, baseURL!, her);
  await mine.page.goto(`/mensajes/${conversation}`);

  const bad = bubbles(mine.page).filter({ hasText: 'Mándame tu dirección ya' });
  await bad.getByRole('button', { name: 'Reportar mensaje' }).click();
  const report = mine.page.getByRole('dialog', { name: 'Reportar mensaje' });
  await report.getByLabel('Motivo').selectOption({ label: 'Acoso' });
  await report.getByLabel('Cuéntanos qué pasó (opcional)').fill('Insiste en saber dónde vivo.');
  await report.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(report.getByRole('status')).toContainText('un administrador revisará el mensaje');
  await report.getByRole('button', { name: 'Cerrar' }).click();

  await mine.page.getByRole('button', { name: 'Opciones de la conversación' }).click();
  await mine.page.getByRole('button', { name: 'Bloquear' }).click();
  await mine.page.getByRole('alertdialog').getByRole('button', { name: 'Bloquear' }).click();
  await expect(mine.page).toHaveURL(/\/mensajes$/);
  await expect(mine.page.getByRole('link', { name: new RegExp(other.card) })).toHaveCount(0);

  const theirs = await phoneFor(browser, baseURL!, other);
  await theirs.page.goto(`/mensajes/${conversation}`);
  await expect(theirs.page.getByText('Esta conversación está cerrada')).toBeVisible();
  await expect(composer(theirs.page)).toHaveCount(0);
  await mine.context.close();
  await theirs.context.close();
});

test('«Compartir mi contacto»: nada del otro antes de que las dos lo compartan, y luego teléfono, WhatsApp e Instagram en la conversación y en /intereses', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  const mine = await phoneFor(browser, baseURL!, her);
  const theirs = await phoneFor(browser, baseURL!, other);

  // The match alone hands over nothing: /intereses says where contact is shared.
  await mine.page.goto('/intereses');
  const pair = mine.page
    .getByRole('list', { name: 'Es mutuo' })
    .getByRole('listitem')
    .filter({ hasText: other.fullName });
  await expect(pair).toContainText('cuando los dos pulsen «Compartir mi contacto»');
  for (const detail of [anyPhoneForm(other.phone), other.instagram])
    await expect(pair).not.toContainText(detail);
  await expect(pair.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);

  await mine.page.goto(`/mensajes/${conversation}`);
  await theirs.page.goto(`/mensajes/${conversation}`);
  await mine.page.getByRole('button', { name: 'Opciones de la conversación' }).click();
  const menu = mine.page.getByRole('dialog', { name: 'Opciones de la conversación' });
  // It says plainly what sharing gives and that it cannot be taken back.
  await expect(menu).toContainText('verá el teléfono, el WhatsApp y el Instagram de tu perfil');
  await expect(menu).toContainText('no podrás borrarlos de su memoria');
  await menu.getByRole('button', { name: 'Compartir mi contacto' }).click();
  await expect(menu).toContainText(`Verás el de ${other.card} cuando también elija compartirlo`);
  await menu.getByRole('button', { name: 'Cerrar' }).click();
  await expect(theirs.page.getByRole('region', { name: 'Contacto compartido', exact: true })).toHaveCount(0);
  await expect(theirs.page.locator('body')).not.toContainText(anyPhoneForm(her.phone));
  // He learns live that he is one tap away, in the conversation he has open.
  const sharedWithHim = theirs.page.getByRole('region', { name: 'Contacto compartido contigo' });
  await expect(sharedWithHim).toContainText(`${her.card} compartió su contacto contigo`);
  // She, having pressed, is no longer told that both must press.
  await mine.page.goto('/intereses');
  const waiting = mine.page
    .getByRole('list', { name: 'Es mutuo' })
    .getByRole('listitem')
    .filter({ hasText: other.fullName });
  await expect(waiting).toContainText('Compartiste tu contacto');
  await expect(waiting).not.toContainText('cuando los dos pulsen');
  await mine.page.goto(`/mensajes/${conversation}`);

  await sharedWithHim.getByRole('button', { name: 'Compartir mi contacto' }).click();
  const hisMenu = theirs.page.getByRole('dialog', { name: 'Opciones de la conversación' });
  await expect(hisMenu).toContainText(`${her.card} ya compartió su contacto`);
  await hisMenu.getByRole('button', { name: 'Compartir mi contacto' }).click();
  await theirs.page.getByRole('button', { name: 'Cerrar' }).click();
  const herContact = theirs.page.getByRole('region', { name: 'Contacto compartido' });
  await expect(herContact.getByRole('link', { name: 'Escríbele por WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/52${her.phone}`,
  );
  await expect(herContact.getByRole('link', { name: formatPhone(her.phone), exact: true })).toHaveAttribute(
    'href',
    `tel:${her.phone}`,
  );
  await expect(herContact.getByRole('link', { name: her.instagram })).toBeVisible();
  // She learns it live, without reloading.
  await expect(
    mine.page
      .getByRole('region', { name: 'Contacto compartido' })
      .getByRole('link', { name: 'Escríbele por WhatsApp' }),
  ).toHaveAttribute('href', `https://wa.me/52${other.phone}`);

  await mine.page.goto('/intereses');
  const contact = mine.page.getByRole('list', { name: `Contacto de ${other.fullName}` });
  await expect(contact.getByRole('link', { name: formatPhone(other.phone), exact: true })).toHaveAttribute(
    'href',
    `tel:${other.phone}`,
  );
  await expect(contact.getByRole('link', { name: other.instagram })).toHaveAttribute(
    'href',
    `https://www.instagram.com/${other.instagram}/`,
  );
  await expect(contact.getByRole('link', { name: 'Escríbele por WhatsApp' })).toBeVisible();
  await mine.context.close();
  await theirs.context.close();
});

test('cuando la otra persona borra su cuenta, la conversación lo dice y ya no deja escribir', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  await sendThroughApi(baseURL!, other, conversation, 'Hola, ¿cómo va tu semana?');
  await eraseThroughApi(baseURL!, other);

  const mine = await phoneFor(browser, baseURL!, her);
  await mine.page.goto(`/mensajes/${conversation}`);
  await expect(mine.page.getByRole('heading', { name: 'Esta persona ya no está en Cita' })).toBeVisible();
  await expect(
    mine.page.getByRole('status').filter({ hasText: 'Esta persona ya no está en Cita' }),
  ).toBeVisible();
  await expect(composer(mine.page)).toHaveCount(0);
  await mine.context.close();
});

test('con la conversación abierta, si la otra persona borra su cuenta, ella lo ve al momento y ya no puede escribir', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  await sendThroughApi(baseURL!, other, conversation, '¿Nos vemos el sábado?');
  const mine = await phoneFor(browser, baseURL!, her);
  await mine.page.goto(`/mensajes/${conversation}`);
  await expect(bubbles(mine.page).filter({ hasText: '¿Nos vemos el sábado?' })).toBeVisible();
  await expect(composer(mine.page)).toBeVisible();

  await eraseThroughApi(baseURL!, other);
  // No reload: the live channel tells her page.
  await expect(
    mine.page.getByRole('status').filter({ hasText: 'Esta persona ya no está en Cita' }),
  ).toBeVisible();
  await expect(composer(mine.page)).toHaveCount(0);
  await mine.context.close();
});
