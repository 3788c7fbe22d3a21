import { afterAll, describe, expect, it } from 'vitest';
import { PrivateCluster } from '../../support/private-postgres';

let cluster: PrivateCluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

describe('PostgreSQL continuous archive with pgBackRest', () => {
  it('archives the WAL and restores to a moment between two sign-ups, finding exactly the first', async () => {
    cluster = await PrivateCluster.start();
    const at = await cluster.twoSignUpsThenTheDiskDies();
    expect(await cluster.emailsRestoredTo(cluster.setup, at)).toEqual(['primera@pruebas.mx']);
  }, 120_000);
});
