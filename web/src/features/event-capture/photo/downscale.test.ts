import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE, fitWithin } from './downscale';

// The target size of a downscaled photo (the arithmetic only: the encoding itself runs in the browser, covered
// by the capture photo browser tests).
describe('fitWithin', () => {
  it('the size for a 12 MP landscape photo: 1600 px on its long side, proportions kept', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
  });

  it('the size for a portrait photo: its height is the long side', () => {
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a picture already small enough', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(PHOTO_MAX_SIDE, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 10 });
  });

  it('a very thin picture keeps at least one pixel', () => {
    expect(fitWithin(20000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it('a picture without a size is refused', () => {
    expect(() => fitWithin(0, 100)).toThrow('The picture has no size');
    expect(() => fitWithin(Number.NaN, 100)).toThrow();
  });
});
