import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GESTURES } from '../../src/server/verification/face-engine/face-engine';
import { StandInFaceEngine } from '../../src/server/verification/face-engine/stand-in-engine';
import { refusalOf } from '../../src/server/verification/read-selfies';
import { GESTURE_LABELS } from '../../src/shared/domain/verification';

const plain = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
async function twoColours() {
  const patch = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .composite([{ input: patch, top: 5, left: 5 }])
    .png()
    .toBuffer();
}

describe('the stand-in face engine', () => {
  it('finds no face in an image of one colour and one face with the gesture in any other', async () => {
    const engine = new StandInFaceEngine();
    const reading = await engine.read({
      selfies: [
        { image: await twoColours(), gesture: 'turn_left' },
        { image: await plain(), gesture: 'mouth_open' },
      ],
      photos: [{ photo_id: 7, image: await plain() }],
    });
    expect(reading).toEqual({
      selfies: [
        { faces: 1, gesture_seen: true },
        { faces: 0, gesture_seen: false },
      ],
      same_person: null,
      photos: [{ photo_id: 7, score: 0.9 }],
    });
    await engine.close();
  });

  it('sees «look_up» like every other gesture the interface names', async () => {
    const engine = new StandInFaceEngine();
    const reading = await engine.read({
      selfies: [
        { image: await twoColours(), gesture: 'look_up' },
        { image: await plain(), gesture: 'look_up' },
      ],
      photos: [],
    });
    expect(reading.selfies).toEqual([
      { faces: 1, gesture_seen: true },
      { faces: 0, gesture_seen: false },
    ]);
    await engine.close();
  });
});

describe('the refusals the engine may make alone', () => {
  const one = { faces: 1, gesture_seen: true };
  const reading = (second: { faces: number; gesture_seen: boolean }) => ({
    selfies: [one, second] as [typeof one, typeof one],
    same_person: null,
    photos: [],
  });

  it('refuses two faces and a gesture not seen, in Spanish; passes the rest to a moderator', () => {
    expect(refusalOf(reading({ faces: 2, gesture_seen: false }), ['turn_left', 'look_up'])).toBe(
      'En la segunda foto hay más de una cara: tómala sin nadie más en la imagen',
    );
    expect(refusalOf(reading({ faces: 1, gesture_seen: false }), ['turn_left', 'look_up'])).toBe(
      'En la segunda foto no se ve el gesto pedido («mira hacia arriba»): vuelve a intentarlo',
    );
    expect(refusalOf(reading(one), ['turn_left', 'look_up'])).toBeNull();
  });

  it('has a Spanish instruction for every gesture the engine knows', () => {
    expect(Object.keys(GESTURE_LABELS).sort()).toEqual([...GESTURES].sort());
  });
});
