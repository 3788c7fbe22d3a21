import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestPushService, type TestPushService } from '../../src/test-push-service/push-service';
import { type SuiteApp, setUpTestApp, type TestAppOptions } from './test-app';

/** A browser's side of a push subscription: its own P-256 key pair and auth secret. */
export interface TestDevice {
  endpoint: string;
  /** The endpoint's path on the test push service. */
  path: string;
  ecdh: ECDH;
  authSecret: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function newDevice(origin: string, name = randomBytes(6).toString('hex')): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  const path = `/push/${name}`;
  const endpoint = `${origin}${path}`;
  return {
    endpoint,
    path,
    ecdh,
    authSecret,
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret } },
  };
}

/** What the browser reads after decrypting with its own keys (aes128gcm, RFC 8291). */
export function decryptPush(device: TestDevice, body: Buffer): unknown {
  const plain = decrypt(body, {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.authSecret,
  });
  return JSON.parse(plain.toString('utf8'));
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does (RFC 8292): k is the
 * server's public key, the JWT is signed with ES256 by that key, its audience is the endpoint's
 * origin and it has not expired. Answers the JWT's claims.
 */
export function verifyVapid(
  authorization: string | undefined,
  endpointOrigin: string,
  publicKey: string,
): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  expect(match, `Authorization: ${authorization}`).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = token!.split('.');
  const point = Buffer.from(key!, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed, 'the JWT is signed by the VAPID key').toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
  expect(payload.aud).toBe(endpointOrigin);
  expect(Number(payload.exp)).toBeGreaterThan(Date.now() / 1000);
  return payload;
}

export interface PushSuite {
  testApp: SuiteApp;
  pushService(): TestPushService;
}

/**
 * An app whose push client posts to this file's local push service: its host is added to the
 * allowed hosts and its self-signed certificate trusted (the product's config, set by tests only).
 */
export function setUpPushApp(options: TestAppOptions = {}): PushSuite {
  let service: TestPushService | undefined;
  const pushService = () => {
    if (!service) throw new Error('The push service starts in beforeAll');
    return service;
  };
  beforeAll(async () => {
    service = await startTestPushService();
  });
  const testApp = setUpTestApp({
    seedDemo: false,
    ...options,
    env: { QUEUE_POLL_MS: '20', QUEUE_RETRY_MS: '50', ...options.env },
    async beforeBuild(config) {
      config.push = {
        ...config.push,
        endpointHosts: [...config.push.endpointHosts, pushService().host],
        trustedCa: pushService().certificate,
      };
      await options.beforeBuild?.(config);
    },
  });
  afterAll(async () => {
    await service?.close();
  });
  return { testApp, pushService };
}
