import { describe, expect, it } from 'vitest';
import { toastDuration } from '../../src/common/toast';

describe('toastDuration', () => {
  it('is 5000 ms for messages up to 100 characters', () => {
    expect(toastDuration('')).toBe(5000);
    expect(toastDuration('a'.repeat(100))).toBe(5000);
    expect(toastDuration('a'.repeat(100), 'b'.repeat(100))).toBe(5000);
  });

  it('adds 50 ms per character beyond 100 in the message', () => {
    expect(toastDuration('a'.repeat(101))).toBe(5050);
    expect(toastDuration('a'.repeat(150))).toBe(7500);
  });

  it('counts the description separately', () => {
    expect(toastDuration('short', 'b'.repeat(120))).toBe(6000);
    expect(toastDuration('a'.repeat(110), 'b'.repeat(120))).toBe(6500);
  });
});
