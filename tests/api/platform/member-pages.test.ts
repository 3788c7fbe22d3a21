import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../../src/server/seed/seed';
import { Agent, type StartedTestApp, startTestApp } from '../../support/test-app';

/**
 * A member's pages (decisions 0042, 0044): the server renders /asistencias, /mensajes, /perfil and
 * /personas with her own first answers, asked of the API with her session; her other pages get the
 * app's frame with the chunks they need preloaded.
 */
let testApp: StartedTestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="es-MX"><head><meta name="description" content="Cita" /><title>Cita</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-abc.js' },
      'main.tsx': { file: 'assets/main-abc.js', imports: ['_react.js', '_router.js'] },
      '_router.js': { file: 'assets/router-abc.js' },
      'features/people/people-page.tsx': { file: 'assets/people-page-abc.js', imports: ['main.tsx'] },
      'features/messages/live.tsx': { file: 'assets/live-abc.js', imports: ['main.tsx'] },
    }),
  );
  testApp = await startTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://cita.example.mx' } });
});
afterAll(async () => {
  await testApp?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Entry = { queryKey: unknown[]; state: { data: any } };

function pageState(html: string): Entry[] {
  const json = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { queries: Entry[] }).queries : [];
}

const dataOf = (html: string, key: unknown[]) =>
  pageState(html).find((entry) => JSON.stringify(entry.queryKey) === JSON.stringify(key))?.state.data;

async function mariana(): Promise<{ agent: Agent; id: number }> {
  const agent = new Agent(testApp.app);
  const id = await agent.loginClient(DEMO_LOGIN.email, DEMO_LOGIN.password);
  return { agent, id };
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);

describe("a member's pages carry her own first answers", () => {
  it('puts her /personas lists and unread count in the page, never cached for anyone else', async () => {
    const { agent, id } = await mariana();
    const page = await agent.get('/personas');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const adverts = await agent.post('adverts/get', { limit: 6 });
    expect(dataOf(page.body, ['adverts', 'member', id, null])).toEqual({
      pages: [adverts.body],
      pageParams: [null],
    });
    const forYou = await agent.post('client/compatible/get', { page: 1 });
    expect(dataOf(page.body, ['compatible', id])).toEqual({ pages: [forYou.body], pageParams: [1] });
    // "Para ti" opens first: its first card's clear photo is fetched with the page.
    const first = forYou.body.people[0];
    expect(first.photo).toBeTruthy();
    expect(page.body).toContain(`<link rel="preload" as="image" href="${first.photo}"`);
    const conversations = await agent.post('client/conversations/get', {});
    expect(page.body).toContain(`data-unread-total="${conversations.body.unread_total}"`);
    expect(conversations.body.unread_total).toBeGreaterThan(0);

    // A visitor right after her gets the shared visitors' page: blurred photos, none of her data.
    const visitor = await new Agent(testApp.app).get('/personas');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).not.toContain('data-unread-total');
    expect(dataOf(visitor.body, ['adverts', 'member', id, null])).toBeUndefined();
    const clearPhoto = adverts.body.adverts.find((advert: { photo: string | null }) => advert.photo)?.photo;
    expect(clearPhoto).toBeTruthy();
    expect(visitor.body).not.toContain(clearPhoto);
  });

  it('leaves out of her /personas the people she blocked', async () => {
    const { agent, id } = await mariana();
    const before = dataOf((await agent.get('/personas?vista=todos')).body, ['adverts', 'member', id, null]);
    const blocked = before.pages[0].adverts[0];
    expect(blocked).toBeDefined();
    const block = await agent.post('client/block', { target_client_id: blocked.client_id });
    expect(block.statusCode).toBe(200);
    const page = await agent.get('/personas?vista=todos');
    const after = dataOf(page.body, ['adverts', 'member', id, null]);
    expect(after.pages[0].adverts.map((advert: { client_id: number }) => advert.client_id)).not.toContain(
      blocked.client_id,
    );
    // "Todos" asks for no "Para ti".
    expect(dataOf(page.body, ['compatible', id])).toBeUndefined();
  });

  it('puts her conversations in /mensajes, her events in /asistencias and her profile in /perfil', async () => {
    const { agent, id } = await mariana();
    const messages = (await agent.get('/mensajes')).body;
    const conversations = await agent.post('client/conversations/get', {});
    expect(dataOf(messages, ['messages', 'conversations'])).toEqual({
      pages: [conversations.body],
      pageParams: [null],
    });
    const attendance = (await agent.get('/asistencias')).body;
    expect(dataOf(attendance, ['client', 'events'])).toEqual(
      (await agent.post('client/events/get', {})).body,
    );
    expect(dataOf(attendance, ['client', 'payments'])).toEqual(
      (await agent.post('client/payments/get', {})).body,
    );
    const profile = (await agent.get('/perfil')).body;
    for (const [part, call] of [
      ['profile', 'client/profile'],
      ['advert', 'client/advert/get'],
      ['quizz', 'client/quizz/get'],
      ['photos', 'client/photos/get'],
    ] as const) {
      expect(dataOf(profile, ['client', id, part]), part).toEqual((await agent.post(call, {})).body);
    }
  });

  it('renders her pages with her header and her content already in the HTML, for her alone', async () => {
    const { agent, id } = await mariana();
    const [conversation] = (await agent.post('client/conversations/get', {})).body.conversations;
    const messages = (await agent.get('/mensajes')).body;
    expect(messages).toContain(`<div id="root" data-member="${id}"`);
    expect(messages).not.toContain('data-shell');
    expect(messages).toContain(escapeText(conversation.other.name));
    // Her header: the member's links, not "Ingresar".
    expect(messages).toContain('href="/asistencias"');
    const [event] = (await agent.post('client/events/get', {})).body.events;
    expect((await agent.get('/asistencias')).body).toContain(escapeText(event.name));
    const { profile } = (await agent.post('client/profile', {})).body;
    expect((await agent.get('/perfil')).body).toContain(escapeText(profile.email));
    const visitor = await new Agent(testApp.app).get('/personas');
    expect(visitor.body).not.toContain('data-member');
  });

  it('lets a page wait for her first use only when the server filled every part of it', async () => {
    const { agent } = await mariana();
    for (const url of ['/mensajes', '/asistencias', '/perfil', '/personas']) {
      expect((await agent.get(url)).body, url).toMatch(
        /<div id="root" data-member="\d+"[^>]* data-first-use[ >]/,
      );
    }
    // A new member has no quiz: "Para ti" answers with the invitation, which the app fetches at once.
    const newcomer = new Agent(testApp.app);
    const signUp = await newcomer.post('client/add', {
      client: {
        first_name: 'Renata',
        last_name: 'Ibarra',
        email: 'renata.ibarra@example.mx',
        phone: '5512345679',
        birthday: '1994-05-06',
        gender: 1,
        occupation: 'Diseñadora',
        instagram: '',
        password: 'una-clave-larga',
        privacy_consent: true,
      },
    });
    expect(signUp.statusCode).toBe(200);
    const page = (await newcomer.get('/personas')).body;
    expect(page).toContain('data-member=');
    expect(page).not.toContain('data-first-use');
    expect(page).not.toContain('data-app-chunks');
  });

  it('renders one of her conversations with its messages; unread ones start the app at once', async () => {
    const { agent, id } = await mariana();
    const { conversations } = (await agent.post('client/conversations/get', {})).body;
    const conversation = conversations.find((each: { unread: number }) => each.unread > 0);
    expect(conversation).toBeDefined();
    const sent = await agent.post('client/messages/send', {
      conversation_id: conversation.id,
      text: 'Nos vemos en el café de la Roma a las 6',
      client_message_id: randomUUID(),
    });
    expect(sent.statusCode).toBe(200);
    const url = `/mensajes/${conversation.id}`;
    const answer = (await agent.post('client/messages/get', { conversation_id: conversation.id })).body;

    let page = await agent.get(url);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`<div id="root" data-member="${id}"`);
    expect(page.body).not.toContain('data-shell');
    expect(page.body).toContain('Nos vemos en el café de la Roma a las 6');
    expect(page.body).toContain(escapeText(conversation.other.name));
    // The history's cache as the screen keeps it: oldest first.
    const history = dataOf(page.body, ['messages', 'history', conversation.id]);
    expect(history).toEqual({
      conversation: answer.conversation,
      messages: [...answer.messages].reverse(),
      more: answer.more,
    });
    // Unread messages: the app starts after the first paint and marks them read.
    expect(page.body).not.toContain('data-first-use');

    const newestIncoming = answer.messages.find((message: { from_me: boolean }) => !message.from_me);
    const read = await agent.post('client/messages/read', {
      conversation_id: conversation.id,
      up_to_id: newestIncoming.id,
    });
    expect(read.statusCode).toBe(200);
    page = await agent.get(url);
    expect(page.body).toMatch(/<div id="root" data-member="\d+"[^>]* data-first-use[ >]/);
  });

  it('renders nothing of a conversation that is not hers', async () => {
    const { agent } = await mariana();
    const other = new Agent(testApp.app);
    await other.post('client/add', {
      client: {
        first_name: 'Julieta',
        last_name: 'Campos',
        email: 'julieta.campos@example.mx',
        phone: '5512345680',
        birthday: '1992-03-04',
        gender: 1,
        occupation: 'Arquitecta',
        instagram: '',
        password: 'una-clave-larga',
        privacy_consent: true,
      },
    });
    const { conversations } = (await agent.post('client/conversations/get', {})).body;
    for (const url of [`/mensajes/${conversations[0].id}`, '/mensajes/999999']) {
      const page = (await other.get(url)).body;
      expect(
        pageState(page).filter((entry) => entry.queryKey[1] === 'history'),
        url,
      ).toEqual([]);
      expect(page, url).not.toContain('data-first-use');
      expect(page, url).not.toContain(escapeText(conversations[0].other.name));
    }
  });

  it('keeps what she wrote as data: no script of hers ever runs from the page', async () => {
    const { agent } = await mariana();
    const [conversation] = (await agent.post('client/conversations/get', {})).body.conversations;
    const text = '</script><script>alert(1)</script>';
    const sent = await agent.post('client/messages/send', {
      conversation_id: conversation.id,
      text,
      client_message_id: randomUUID(),
    });
    expect(sent.statusCode).toBe(200);
    const page = (await agent.get('/mensajes')).body;
    expect(page).not.toContain('<script>alert');
    expect(page.match(/<script/g)).toHaveLength(1);
    // Rendered in the list as text.
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const list = dataOf(page, ['messages', 'conversations']);
    expect(list.pages[0].conversations[0].last_message.text).toBe(text);
  });

  it('sends a visitor, or an ended session, the bare frame without anyone’s data', async () => {
    const { agent } = await mariana();
    await agent.post('client/logout', {});
    for (const client of [agent, new Agent(testApp.app)]) {
      for (const url of ['/perfil', '/mensajes', '/asistencias']) {
        const page = await client.get(url);
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('data-shell');
        expect(pageState(page.body)).toEqual([]);
        expect(page.body).not.toContain('data-unread-total');
        expect(page.body).not.toContain('data-member');
      }
    }
  });

  it('names her on the frame of her other pages, for the app to trust over the browser’s hint', async () => {
    const { agent, id } = await mariana();
    for (const url of ['/configuracion', '/intereses', '/quiz']) {
      const page = (await agent.get(url)).body;
      expect(page, url).toContain(`<div id="root" data-shell data-member="${id}"`);
    }
  });
});

describe('the chunks a page needs are preloaded', () => {
  it('names the app and, for a member, the live channel, each once and none already in the page', async () => {
    const { agent } = await mariana();
    expect(preloaded((await agent.get('/configuracion')).body)).toEqual([
      '/assets/main-abc.js',
      '/assets/router-abc.js',
      '/assets/live-abc.js',
    ]);
    // A page rendered on the server paints first; it lists the chunks her first use will need,
    // for her service worker to fetch ahead (decision 0046).
    const people = (await agent.get('/personas')).body;
    expect(preloaded(people)).toEqual([]);
    expect(/data-app-chunks="([^"]*)"/.exec(people)?.[1]).toBe(
      '/assets/main-abc.js /assets/router-abc.js /assets/people-page-abc.js /assets/live-abc.js',
    );
    // A visitor's /ingresar: the app only (its screen is not in this manifest), no live channel.
    expect(preloaded((await new Agent(testApp.app).get('/ingresar')).body)).toEqual([
      '/assets/main-abc.js',
      '/assets/router-abc.js',
    ]);
  });
});
