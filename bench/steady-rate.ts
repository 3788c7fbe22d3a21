import http from 'node:http';

/**
 * Requests at a steady pace, one every 1/rate s, each on a free keep-alive connection, whatever
 * the answers before it (open loop): the time of each answer is the server's, not a queue the
 * load made. autocannon's `overallRate` sends each connection's share of a second back to back at
 * the second's start, so its times measure bursts of a hundred requests.
 */
export interface SteadyCall {
  url: string;
  body: string;
  cookie?: string;
}

/** Milliseconds from each request's write to its answer's end, while `until` runs (or for that many seconds). */
export async function steadyLatencies(
  call: SteadyCall,
  rate: number,
  until: Promise<unknown> | number,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const times: number[] = [];
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        call.url,
        {
          agent,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(call.body),
            ...(call.cookie ? { cookie: call.cookie } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode && response.statusCode < 300) times.push(performance.now() - started);
            else failures.push(String(response.statusCode));
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        failures.push(error.message);
        resolve();
      });
      request.end(call.body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  let running = true;
  const stopAt = typeof until === 'number' ? performance.now() + until * 1000 : Number.POSITIVE_INFINITY;
  if (typeof until !== 'number') void until.then(() => (running = false));
  const interval = 1000 / rate;
  const start = performance.now();
  let sent = 0;
  while (running && performance.now() < stopAt) {
    // Every request due by now, then wait for the next one's moment: the pace never drifts.
    while (start + sent * interval <= performance.now()) {
      send();
      sent++;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, start + sent * interval - performance.now())),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  if (failures.length > 0)
    throw new Error(`${call.url}: ${failures.length} answers were not 2xx (${failures[0]})`);
  return times.sort((a, b) => a - b);
}
