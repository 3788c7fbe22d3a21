import { describe, expect, it } from 'vitest';
import type { AdminVerificationsGetAnswer } from '../../../src/shared/contracts/verification';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ loginAdmin: true });

describe('the demo', () => {
  it('has one member verified in person, one with a verified photo and one waiting for a moderator', async () => {
    const { body } = await testApp.admin.post('adverts/get', { limit: 50 });
    const marks = body.adverts.map(
      (advert: { verified: { in_person: string | null; photo: boolean } }) => advert.verified,
    );
    expect(marks.filter((mark: { in_person: string | null }) => mark.in_person !== null)).toHaveLength(1);
    expect(marks.filter((mark: { photo: boolean }) => mark.photo)).toHaveLength(1);
    const queue = await testApp.admin.post<AdminVerificationsGetAnswer>('admin/verifications/get');
    expect(queue.body.verifications).toHaveLength(1);
    expect(queue.body.verifications[0]).toMatchObject({ source: 'selfie', client: 'Sofía Ramírez' });
    expect(queue.body.verifications[0]?.selfies).toHaveLength(2);
  });
});
