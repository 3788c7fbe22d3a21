import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

function logLines(): Record<string, any>[] {
  return fs
    .readFileSync(testApp.logFile!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The log is written asynchronously: wait until a line that passes `matching` is in the file. */
async function linesOnceWritten(matching: (line: Record<string, any>) => boolean) {
  const deadline = Date.now() + 5000;
  while (!logLines().some(matching) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return logLines().filter(matching);
}

describe('request log lines (docs/design/23-online.md)', () => {
  it('carry the path without its query string, the route pattern and the status, no headers', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/images/events/foto-123.webp?token=secreto-de-enlace',
      headers: { cookie: 'cita_session=galleta-de-sesion', authorization: 'Bearer secreto' },
    });
    const lines = await linesOnceWritten((line) => line.req?.url?.startsWith('/images/events/'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.req).toEqual({
      method: 'GET',
      url: '/images/events/foto-123.webp',
      route: '/images/events/:file',
      remoteAddress: '127.0.0.1',
    });
    // The completion line is written once the answer has gone out.
    const [completed] = await linesOnceWritten((line) => line.msg === 'request completed');
    expect(completed?.res).toEqual({ statusCode: 404 });
    const text = fs.readFileSync(testApp.logFile!, 'utf8');
    for (const secret of ['secreto-de-enlace', 'galleta-de-sesion', 'Bearer secreto'])
      expect(text).not.toContain(secret);
  });
});
