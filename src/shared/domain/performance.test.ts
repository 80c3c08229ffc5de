import { describe, expect, it } from 'vitest';
import { forecast, isOnTarget, percentage } from './performance';

describe('forecast', () => {
  it('projects the pace to the whole month with two decimals', () => {
    expect(forecast(10, 15, 22)).toBe(14.67);
    expect(forecast(7, 7, 21)).toBe(21);
    expect(forecast(1, 3, 22)).toBe(7.33);
  });
  it('equals the actual before the first working day', () => {
    expect(forecast(4, 0, 22)).toBe(4);
    expect(forecast(0, 0, 22)).toBe(0);
  });
  it('is 0 with no activity', () => {
    expect(forecast(0, 10, 22)).toBe(0);
  });
});

describe('percentage', () => {
  it('is actual / goal * 100 with two decimals', () => {
    expect(percentage(5, 10)).toBe(50);
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(15, 10)).toBe(150);
  });
  it('is null without a goal, never 0 or infinity', () => {
    expect(percentage(5, null)).toBeNull();
    expect(percentage(5, undefined)).toBeNull();
    expect(percentage(5, 0)).toBeNull();
    expect(percentage(5, -4)).toBeNull();
  });
  it('is 0 when the goal is set and nothing was done', () => {
    expect(percentage(0, 8)).toBe(0);
  });
});

describe('isOnTarget', () => {
  it('is green from 100 and red below', () => {
    expect(isOnTarget(100)).toBe(true);
    expect(isOnTarget(250)).toBe(true);
    expect(isOnTarget(99.99)).toBe(false);
    expect(isOnTarget(null)).toBe(false);
  });
});
