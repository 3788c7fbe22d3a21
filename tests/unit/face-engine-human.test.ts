/**
 * The self-hosted face engine on the real model (docs/design/27-verified.md, decision 0067), on
 * face photos that `@vladmandic/human` ships in its npm package (its demos' screenshots, MIT),
 * cropped here: nothing is committed and nothing is downloaded. It prints the scores it sees.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceEngine } from '../../src/server/verification/face-engine/face-engine';
import { createHumanEngine } from '../../src/server/verification/face-engine/human-engine';
import { faceEngineProcessIds, statFields } from '../support/face-engine-process';
import { pngBytes } from '../support/images';

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
);
/** The face-detect demo's screenshot: a row of five faces, 155 px each, from y = 345. */
const FACE_ROW = path.join(assets, 'screenshot-facedetect.jpg');
/** The face-id demo's screenshot: the man of the row's first face, before his webcam. */
const WEBCAM = path.join(assets, 'screenshot-faceid.jpg');

function crop(file: string, left: number, top: number, width: number, height: number): Promise<Buffer> {
  return sharp(file).extract({ left, top, width, height }).jpeg().toBuffer();
}

const READ_TIMEOUT = 30_000;
/** Linux's number for the idle scheduling class (sched.h), field 41 of a thread's stat. */
const SCHED_IDLE = 5;

describe('the face engine on the library’s own faces', () => {
  let engine: FaceEngine;
  let man: Buffer;
  let manCloser: Buffer;
  let manOnWebcam: Buffer;
  let woman: Buffer;
  let womanMirrored: Buffer;
  let twoFaces: Buffer;
  let plain: Buffer;

  beforeAll(async () => {
    const human = createHumanEngine();
    await human.ready();
    engine = human;
    man = await crop(FACE_ROW, 5, 345, 155, 155);
    manCloser = await crop(FACE_ROW, 20, 340, 120, 140);
    manOnWebcam = await crop(WEBCAM, 10, 140, 145, 145);
    // The second face of the row: her head is turned to her right.
    woman = await crop(FACE_ROW, 165, 345, 150, 155);
    womanMirrored = await sharp(woman).flop().jpeg().toBuffer();
    twoFaces = await crop(FACE_ROW, 5, 345, 310, 155);
    plain = await pngBytes(320, 320);
  }, 60_000);

  afterAll(async () => {
    await engine?.close();
  });

  it(
    'scores the same face cropped two ways above a different face, and no score without one face',
    async () => {
      const reading = await engine.read({
        selfies: [
          { image: man, gesture: 'mouth_open' },
          { image: manCloser, gesture: 'mouth_open' },
        ],
        photos: [
          { photo_id: 1, image: manCloser },
          { photo_id: 2, image: woman },
          { photo_id: 3, image: manOnWebcam },
          { photo_id: 4, image: twoFaces },
          { photo_id: 5, image: plain },
          { photo_id: 6, image: Buffer.from('not an image') },
        ],
      });
      console.info('same face cropped two ways / different face / same man, other photo:', {
        same_person: reading.same_person,
        cropped_two_ways: reading.photos[0]?.score,
        different_face: reading.photos[1]?.score,
        same_man_other_photo: reading.photos[2]?.score,
      });
      expect(reading.selfies).toEqual([
        { faces: 1, gesture_seen: false },
        { faces: 1, gesture_seen: false },
      ]);
      const [croppedTwoWays, differentFace] = [reading.photos[0]!.score!, reading.photos[1]!.score!];
      expect(reading.same_person).toBe(croppedTwoWays);
      expect(croppedTwoWays).toBeGreaterThan(differentFace);
      expect(reading.photos.slice(3)).toEqual([
        { photo_id: 4, score: null },
        { photo_id: 5, score: null },
        { photo_id: 6, score: null },
      ]);
    },
    READ_TIMEOUT,
  );

  it(
    'finds no face in a plain image and two in a photo of two people',
    async () => {
      const reading = await engine.read({
        selfies: [
          { image: plain, gesture: 'turn_left' },
          { image: twoFaces, gesture: 'turn_left' },
        ],
        photos: [{ photo_id: 1, image: man }],
      });
      console.info('plain image / two people:', JSON.stringify(reading));
      expect(reading).toEqual({
        selfies: [
          { faces: 0, gesture_seen: false },
          { faces: 2, gesture_seen: false },
        ],
        same_person: null,
        photos: [{ photo_id: 1, score: null }],
      });
    },
    READ_TIMEOUT,
  );

  it(
    'sees a head turned to her right, and the same photo mirrored as turned to her left',
    async () => {
      const turnedRight = await engine.read({
        selfies: [
          { image: woman, gesture: 'turn_right' },
          { image: womanMirrored, gesture: 'turn_right' },
        ],
        photos: [],
      });
      const turnedLeft = await engine.read({
        selfies: [
          { image: woman, gesture: 'turn_left' },
          { image: womanMirrored, gesture: 'turn_left' },
        ],
        photos: [],
      });
      console.info(
        'turn_right on her photo / mirrored:',
        turnedRight.selfies,
        'same person',
        turnedRight.same_person,
      );
      console.info('turn_left on her photo / mirrored:', turnedLeft.selfies);
      expect(turnedRight.selfies.map((selfie) => selfie.gesture_seen)).toEqual([true, false]);
      expect(turnedLeft.selfies.map((selfie) => selfie.gesture_seen)).toEqual([false, true]);
    },
    READ_TIMEOUT,
  );

  it("reads in a child process whose every thread is in Linux's idle scheduling class", () => {
    const children = faceEngineProcessIds();
    expect(children).toHaveLength(1);
    const policies = fs
      .readdirSync(`/proc/${children[0]}/task`)
      .map((thread) => statFields(`/proc/${children[0]}/task/${thread}/stat`)[38]);
    expect(policies.length).toBeGreaterThan(3);
    expect(new Set(policies)).toEqual(new Set([String(SCHED_IDLE)]));
  });
});
