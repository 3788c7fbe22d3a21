import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: any }> };
        responses?: Record<string, { content?: Record<string, { schema: any }> }>;
      }
    >
  >;
}

describe('GET /api/openapi.json', () => {
  it('describes every call the server registers, with the body schema that validates it', async () => {
    const response = await testApp.agent().get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);

    const posts = testApp.app.routeList.filter((route) => route.method === 'POST').map((route) => route.url);
    expect(posts.length).toBeGreaterThan(20);
    for (const url of posts) expect(document.paths[url]?.post, url).toBeDefined();

    const login = document.paths['/api/client/login']!.post!.requestBody!.content['application/json']!.schema;
    expect(login.required).toEqual(['access']);
    expect(Object.keys(login.properties.access.properties).sort()).toEqual(['email', 'password']);

    const cancel =
      document.paths['/api/client/events/cancel']!.post!.requestBody!.content['application/json']!.schema;
    expect(cancel.required).toEqual(['event_id']);
    const update =
      document.paths['/api/event/update']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(update.properties.checkin.properties).sort()).toEqual(['code', 'event_id']);

    const picks =
      document.paths['/api/client/picks/update']!.post!.requestBody!.content['application/json']!.schema;
    expect(picks.required).toEqual(['event_id', 'picks']);
    expect(Object.keys(picks.properties.picks.items.properties).sort()).toEqual(['client_id', 'pick']);
  });

  it('describes the success answer of every call: the schema that serialises it', async () => {
    const document = JSON.parse((await testApp.agent().get('/api/openapi.json')).body) as OpenApiDocument;
    const posts = testApp.app.routeList.filter((route) => route.method === 'POST').map((route) => route.url);
    const missing = posts.filter(
      (url) => !document.paths[url]?.post?.responses?.['200']?.content?.['application/json']?.schema,
    );
    expect(missing).toEqual([]);

    // Every GET too, whatever it answers; not the document itself, nor the live channel (a WebSocket).
    const undescribed = testApp.app.routeList
      .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
      .map((route) => route.url)
      .filter((url) => url !== '/api/openapi.json' && url !== '/api/live')
      .filter((url) => Object.keys(document.paths[url]?.get?.responses?.['200']?.content ?? {}).length === 0);
    expect(undescribed).toEqual([]);
    expect(document.paths['/api/event/attendance.csv']!.get!.responses!['200']!.content).toHaveProperty(
      'text/csv',
    );

    const answer = (url: string) =>
      document.paths[url]!.post!.responses!['200']!.content!['application/json']!.schema;
    const login = answer('/api/client/login');
    expect(login.properties.status).toMatchObject({ enum: ['success'] });
    expect(login.required).toEqual(expect.arrayContaining(['status', 'message', 'client_id']));
    const adverts = answer('/api/adverts/get');
    expect(Object.keys(adverts.properties)).toEqual(
      expect.arrayContaining(['adverts', 'total', 'total_estimated', 'next_before_id']),
    );
    expect(Object.keys(adverts.properties.adverts.items.properties)).toEqual(
      expect.arrayContaining(['id', 'client', 'age', 'photo', 'photos']),
    );
    // A call with several answers lists each of them.
    expect(answer('/api/event/details').anyOf).toHaveLength(2);
  });

  it('describes both answers of GET /api/health: available (200) and the database away (503)', async () => {
    const document = JSON.parse((await testApp.agent().get('/api/openapi.json')).body) as OpenApiDocument;
    const responses = document.paths['/api/health']?.get?.responses ?? {};
    const schemaOf = (code: string) => responses[code]?.content?.['application/json']?.schema;
    expect(schemaOf('200')?.properties.status).toMatchObject({ enum: ['success'] });
    expect(schemaOf('503')?.properties.status).toMatchObject({ enum: ['danger'] });
    expect(schemaOf('503')?.required).toEqual(['status', 'message']);
  });
});
